import { fixture, images } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { downloadResult, pickFile, tool } from '../support/tools.js';

// Convert Image against the real API: WebP preselected, another format chosen, and the first-frame
// note for an animation written as a still image.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/convert-image');
});

test('a PNG becomes WebP by default, the same size', async ({ page }) => {
  await pickFile(page, images.cat);
  await tool.submit(page, 'Convert Image').click();
  expect(await downloadResult(page)).toMatchObject({ width: 451, height: 300, format: 'webp' });
});

test('an animated GIF to PNG takes the first frame and says so', async ({ page }) => {
  await pickFile(page, fixture('images/gif_animated_aero_350x189.gif'));
  await page.getByLabel('Convert to', { exact: true }).click();
  await page.getByRole('option', { name: 'PNG', exact: true }).click();
  await tool.submit(page, 'Convert Image').click();
  await expect(page.getByTestId('first-frame-note')).toBeVisible();
  expect(await downloadResult(page)).toMatchObject({ width: 350, height: 189, format: 'png' });
});
