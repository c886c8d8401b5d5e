import sharp from 'sharp';
import { images } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { downloadResult, pickFile, tool } from '../support/tools.js';

// Rotate Image against the real API: the angle (clockwise when positive), the background, and the
// downloaded result decoded.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/rotate-image');
});

test('a quarter turn of a portrait photo gives a landscape JPEG', async ({ page }) => {
  await pickFile(page, images.portrait);
  await page.getByLabel('Angle (degrees)', { exact: true }).fill('90');
  await tool.submit(page, 'Rotate Image').click();
  expect(await downloadResult(page)).toMatchObject({ width: 1440, height: 720, format: 'jpeg' });
});

test('any angle grows the canvas; the corners take the background colour', async ({ page }) => {
  await pickFile(page, images.cat);
  await page.getByLabel('Angle (degrees)', { exact: true }).fill('-30.5');
  await page.getByLabel('Background', { exact: true }).fill('#ff0000');
  await tool.submit(page, 'Rotate Image').click();
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  const path = await (await download).path();
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  expect(info.width).toBeGreaterThan(451);
  expect(info.height).toBeGreaterThan(300);
  expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
});

test('an angle out of range is refused before sending, with the schema sentence', async ({ page }) => {
  await pickFile(page, images.cat);
  await page.getByLabel('Angle (degrees)', { exact: true }).fill('400');
  await tool.submit(page, 'Rotate Image').click();
  await expect(tool.main(page).getByText('angle must be a number between -360 and 360.')).toBeVisible();
});
