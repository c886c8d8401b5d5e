import sharp from 'sharp';
import { images } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { tool } from '../support/tools.js';

// Combine Image against the real API: several files at once, reordered, combined and decoded.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/combine-images');
});

test('two images side by side, in the order the person set', async ({ page }) => {
  const chooser = page.waitForEvent('filechooser');
  await tool.main(page).getByRole('button', { name: 'Select file' }).click();
  await (await chooser).setFiles([images.cat, images.portrait]);
  await expect(page.getByText('2 of at most 10 images')).toBeVisible();
  // Portrait first: move it up.
  await page.getByRole('button', { name: 'Move portrait_flow_720x1440.jpg up' }).click();
  await tool.submit(page, 'Combine Images').click();
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  const { data, info } = await sharp(await (await download).path())
    .raw()
    .toBuffer({ resolveWithObject: true });
  // 720 + 451 wide, as tall as the portrait; PNG with a transparent background by default.
  expect([info.width, info.height, info.channels]).toEqual([1171, 1440, 4]);
  // Below the cat (centred in the 1440 px row) the background is transparent.
  const at = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
  expect(at(1000, 5)).toBe(0);
  expect(at(100, 5)).toBe(255);
});
