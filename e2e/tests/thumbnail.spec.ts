import { images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import {
  chooseThumbnailSize,
  downloadResult,
  expectSubmitting,
  holdRequests,
  imageApi,
  multipartFields,
  pickFile,
  tool,
} from '../support/tools.js';

// Thumbnail Generation against the real API: the size select (Small/Medium/Large, default Small),
// the submitting state, and downloaded square thumbnails of 150, 300 and 450 px.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/thumbnail-generator');
});

test("the 'Thumbnail Size' select offers the three sizes, Small by default", async ({ page }) => {
  const control = tool.sizeSelect(page);
  await expect(control).toBeVisible();
  await expect(control).toContainText(spec.thumbnail.options[0].label);
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    await expect(control.locator('option')).toHaveText(spec.thumbnail.options.map((o) => o.label));
  } else {
    await control.click();
    await expect(page.getByRole('option')).toHaveText(spec.thumbnail.options.map((o) => o.label));
    await page.keyboard.press('Escape');
  }
});

for (const option of spec.thumbnail.options) {
  test(`${option.label} gives a ${option.px}x${option.px} thumbnail`, async ({ page }) => {
    await pickFile(page, images.portrait);
    if (option.value !== 'small') await chooseThumbnailSize(page, option.label);
    const held = await holdRequests(page, imageApi);
    await tool.submit(page, spec.thumbnail.submit).click();
    await expectSubmitting(page, /generat/i);
    await expect.poll(() => held.seen.length).toBe(1);
    expect(multipartFields(held.seen[0] ?? (undefined as never)).size).toBe(option.value);
    held.release();

    const result = await downloadResult(page);
    expect(result).toMatchObject({ width: option.px, height: option.px, format: 'jpeg' });
    await expect(tool.submit(page, spec.thumbnail.submit)).toBeEnabled();
  });
}

test('a PNG gives a PNG thumbnail, Small by default', async ({ page }) => {
  await pickFile(page, images.cat);
  await tool.submit(page, spec.thumbnail.submit).click();
  expect(await downloadResult(page)).toMatchObject({ width: 150, height: 150, format: 'png' });
});
