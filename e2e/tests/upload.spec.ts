import { readFileSync } from 'node:fs';
import { dropFile, images, notAnImage } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { imageToolPages, pickBuffer, pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// The upload area of every live tool that takes one image: pick or drop an image, preview it, Remove it; a file
// that is not an image is refused with an inline message; submitting without an image is a toast.

for (const page_ of imageToolPages) {
  test.describe(`${page_.path} upload area`, () => {
    test('shows the drop zone heading and a Select file button limited to images', async ({ page }) => {
      await visit(page, page_.path);
      await expect(ui.dropZone(page)).toBeVisible();
      await expect(tool.selectButton(page)).toBeVisible();
      await expect(ui.fileInput(page)).toHaveAttribute('accept', /image\//);
      await expect(tool.preview(page)).toHaveCount(0);
      await expect(tool.removeButton(page)).toHaveCount(0);
    });

    test('picking an image shows its preview; Remove clears image and preview', async ({ page }) => {
      await visit(page, page_.path);
      await pickFile(page, images.cat);
      await expect(tool.preview(page)).toBeVisible();
      // The preview really shows the chosen picture (451x300).
      await expect
        .poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(451);
      await tool.removeButton(page).click();
      await expect(tool.preview(page)).toHaveCount(0);
      await expect(tool.removeButton(page)).toHaveCount(0);
      await expect(ui.dropZone(page)).toBeVisible();
      expect(await ui.fileInput(page).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(
        0,
      );
      // With the image gone, submitting asks for one again.
      await tool.submitButton(page).click();
      await expect(page.getByText(spec.upload.missing)).toBeVisible();
    });

    test('choosing an image does not move the submit button (a click aimed at it still lands)', async ({
      page,
    }) => {
      await visit(page, page_.path);
      const top = () => tool.submitButton(page).evaluate((el) => el.getBoundingClientRect().top);
      const before = await top();
      await pickFile(page, images.cat);
      await expect(tool.preview(page)).toBeVisible();
      expect(await top()).toBe(before);
    });

    test('dropping an image on the drop zone shows its preview', async ({ page }) => {
      await visit(page, page_.path);
      await dropFile(page, ui.dropZone(page), images.webp);
      await expect(tool.preview(page)).toBeVisible();
      await expect
        .poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalHeight))
        .toBe(42);
    });

    test("a file that is not an image shows 'Please upload a valid image file.'", async ({ page }) => {
      await visit(page, page_.path);
      await pickBuffer(page, 'notes.pdf', 'application/pdf', readFileSync(notAnImage));
      await expect(page.getByText(spec.upload.invalid, { exact: true })).toBeVisible();
      await expect(tool.preview(page)).toHaveCount(0);

      // A valid image clears the error.
      await pickFile(page, images.cat);
      await expect(tool.preview(page)).toBeVisible();
      await expect(page.getByText(spec.upload.invalid, { exact: true })).toHaveCount(0);
    });

    test('an invalid file keeps the image already chosen', async ({ page }) => {
      await visit(page, page_.path);
      await pickFile(page, images.cat);
      await expect(tool.preview(page)).toBeVisible();
      await dropFile(page, ui.dropZone(page).or(tool.preview(page)).first(), notAnImage);
      await expect(page.getByText(spec.upload.invalid, { exact: true })).toBeVisible();
      await expect(tool.preview(page)).toBeVisible();
    });

    test("submitting without an image shows the toast 'Please upload an image before submitting.'", async ({
      page,
    }) => {
      await visit(page, page_.path);
      let calls = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/')) calls++;
      });
      await tool.submitButton(page).click();
      await expect(ui.toasts(page).filter({ hasText: spec.upload.missing })).toBeVisible();
      expect(calls, 'no API call without an image').toBe(0);
    });
  });
}

test('only the first of several dropped files is used', async ({ page }) => {
  await visit(page, '/docs/api/image-base64');
  await dropFile(page, ui.dropZone(page), images.webp, images.cat);
  await expect.poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(23);
});
