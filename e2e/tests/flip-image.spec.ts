import sharp from 'sharp';
import { images } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';

// Flip Image against the real API: the direction select, and mirrored pixels in the download.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/flip-image');
});

test('vertical puts the bottom row on top, pixel for pixel', async ({ page }) => {
  await pickFile(page, images.cat);
  await page.getByLabel('Direction', { exact: true }).click();
  await page.getByRole('option', { name: 'Vertical (upside down)' }).click();
  await tool.submit(page, 'Flip Image').click();
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  const flipped = await sharp(await (await download).path())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const original = await sharp(images.cat).raw().toBuffer({ resolveWithObject: true });
  expect([flipped.info.width, flipped.info.height]).toEqual([451, 300]);
  const row = 451 * original.info.channels;
  expect(flipped.data.subarray(0, row).equals(original.data.subarray(299 * row, 300 * row))).toBe(true);
});
