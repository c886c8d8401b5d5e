import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { decode, images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { readTiming, recordTiming } from '../support/timing.js';
import { expectSubmitting, holdRequests, imageApi, pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Image to Base64 against the real API: the base64 string and the CSS url() form, each with a copy
// button whose icon switches for 1.5 s; the success toast; the 1 MB / 33% guidance.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/image-base64');
});

async function convert(page: Page) {
  await pickFile(page, images.tiny);
  await tool.submit(page, spec.base64.submit).click();
  await expect(ui.toasts(page).filter({ hasText: spec.base64.success })).toBeVisible();
}

/** The result region's two copy buttons (the API reference below has copy buttons of its own). */
const copyButtons = (page: Page) =>
  tool.main(page).getByRole('region', { name: 'Result' }).getByRole('button', { name: /copy/i });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const expectedBase64 = readFileSync(images.tiny).toString('base64');

test('shows the guidance: under 1 MB, about 33% larger', async ({ page }) => {
  await expect(
    tool
      .main(page)
      .getByText(/1\s?MB/)
      .first(),
  ).toBeVisible();
  await expect(
    tool
      .main(page)
      .getByText(/33\s?%/)
      .first(),
  ).toBeVisible();
});

test('converting shows a spinner, then the base64 string and the CSS url form', async ({ page }) => {
  await pickFile(page, images.tiny);
  const held = await holdRequests(page, imageApi);
  await tool.submit(page, spec.base64.submit).click();
  await expectSubmitting(page, /convert/i);
  held.release();
  await expect(ui.toasts(page).filter({ hasText: spec.base64.success })).toBeVisible();

  const main = tool.main(page);
  // The plain base64 is the file itself; the CSS form wraps its data URI in url("...").
  await expect(main.getByText(expectedBase64, { exact: true })).toBeVisible();
  const cssUrl = `url("data:image/jpeg;base64,${expectedBase64}")`;
  await expect(main.getByText(cssUrl, { exact: true })).toBeVisible();
  expect(await decode(Buffer.from(expectedBase64, 'base64'))).toMatchObject({ width: 48, height: 48 });
  await expect(copyButtons(page)).toHaveCount(2);
});

test('each copy button copies its form and shows a check icon for 1.5 s', async ({ page }) => {
  await convert(page);
  const forms = [expectedBase64, `url("data:image/jpeg;base64,${expectedBase64}")`];
  for (const [index, expected] of forms.entries()) {
    const button = copyButtons(page).nth(index);
    await expect(button.locator('svg.lucide-copy')).toBeVisible();
    await recordTiming(page, { event: 'click', target: 'main', watch: 'main svg.lucide-check' });
    await button.click();
    expect(await clipboard(page)).toBe(expected);
    await expect(button.locator('svg.lucide-check')).toBeVisible();
    await expect(button.locator('svg.lucide-copy')).toBeVisible({ timeout: 5_000 });
    // The constant under test, measured in the page's clock: the check icon stays 1.5 s, then the
    // copy icon is back (within the wait above; how soon after 1.5 s depends on the machine).
    const { shown = Number.NaN, hidden = Number.NaN } = await readTiming(page);
    expect(hidden - shown).toBeGreaterThanOrEqual(spec.base64.copyRevertMs - 50);
  }
});

test("a refused clipboard shows 'Failed to copy. Please try again.'", async ({ page }) => {
  await convert(page);
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
  });
  await copyButtons(page).first().click();
  await expect(page.getByText(spec.errors.clipboard)).toBeVisible();
});

test('Remove after a result clears the image', async ({ page }) => {
  await convert(page);
  await tool.removeButton(page).click();
  await expect(tool.preview(page)).toHaveCount(0);
  await expect(ui.dropZone(page)).toBeVisible();
});
