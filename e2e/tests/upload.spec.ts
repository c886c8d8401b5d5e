import { readFileSync } from 'node:fs';
import { dropFile, images, notAnImage } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { imageToolPages, pickBuffer, pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// The upload area of every live tool that takes one image: pick or drop an image, preview it, Remove it; a file
// that is not an image is refused with an inline message; submitting without an image is a toast.

// Three tests per tool instead of one per behaviour: each page load (the costly part) serves a
// sequence a person could follow, and every step still acts as soon as its control is visible.
for (const page_ of imageToolPages) {
  test.describe(`${page_.path} upload area`, () => {
    test("the empty drop zone; submitting without an image shows the toast 'Please upload an image before submitting.'", async ({
      page,
    }) => {
      await visit(page, page_.path);
      await expect(ui.dropZone(page)).toBeVisible();
      await expect(tool.selectButton(page)).toBeVisible();
      await expect(ui.fileInput(page)).toHaveAttribute('accept', /image\//);
      await expect(tool.preview(page)).toHaveCount(0);
      await expect(tool.removeButton(page)).toHaveCount(0);

      let calls = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/')) calls++;
      });
      await tool.submitButton(page).click();
      await expect(ui.toasts(page).filter({ hasText: spec.upload.missing })).toBeVisible();
      expect(calls, 'no API call without an image').toBe(0);
    });

    test('picking an image shows its preview without moving the submit button; Remove clears it; a dropped image shows too', async ({
      page,
    }) => {
      await visit(page, page_.path);
      // Choosing an image does not move the submit button (a click aimed at it still lands).
      const top = () => tool.submitButton(page).evaluate((el) => el.getBoundingClientRect().top);
      const before = await top();
      await pickFile(page, images.cat);
      await expect(tool.preview(page)).toBeVisible();
      // The preview really shows the chosen picture (451x300).
      await expect
        .poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(451);
      expect(await top()).toBe(before);

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

      // Dropping an image on the drop zone shows its preview (23x42).
      await dropFile(page, ui.dropZone(page), images.webp);
      await expect
        .poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalHeight))
        .toBe(42);
    });

    test("a file that is not an image shows 'Please upload a valid image file.' and keeps the image already chosen", async ({
      page,
    }) => {
      await visit(page, page_.path);
      await pickBuffer(page, 'notes.pdf', 'application/pdf', readFileSync(notAnImage));
      await expect(page.getByText(spec.upload.invalid, { exact: true })).toBeVisible();
      await expect(tool.preview(page)).toHaveCount(0);

      // A valid image clears the error.
      await pickFile(page, images.cat);
      await expect(tool.preview(page)).toBeVisible();
      await expect(page.getByText(spec.upload.invalid, { exact: true })).toHaveCount(0);

      // An invalid file dropped now keeps the image already chosen.
      await dropFile(page, ui.dropZone(page).or(tool.preview(page)).first(), notAnImage);
      await expect(page.getByText(spec.upload.invalid, { exact: true })).toBeVisible();
      await expect(tool.preview(page)).toBeVisible();
      await expect
        .poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(451);
    });
  });
}

test('only the first of several dropped files is used', async ({ page }) => {
  await visit(page, '/docs/api/image-base64');
  await dropFile(page, ui.dropZone(page), images.webp, images.cat);
  await expect.poll(() => tool.preview(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(23);
});
