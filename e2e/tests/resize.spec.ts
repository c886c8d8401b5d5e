import type { Page } from '@playwright/test';
import { images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import {
  downloadResult,
  expectSubmitting,
  holdRequests,
  imageApi,
  multipartFields,
  pickFile,
  tool,
} from '../support/tools.js';
import { ui } from '../support/ui.js';

// Resize Image (/docs/api) against the real API: fields and their rules, validation, the submitting
// state, the success toast, and a downloaded result whose decoded size is what was asked for.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api');
});

async function resizeAndDownload(page: Page) {
  const link = tool.downloadLink(page);
  const previous = (await link.count()) > 0 ? await link.getAttribute('href') : null;
  const response = page.waitForResponse((r) => imageApi.test(r.url()) && r.request().method() === 'POST');
  await tool.submit(page, spec.resize.submit).click();
  expect((await response).status()).toBe(200);
  await expect(ui.toasts(page).filter({ hasText: spec.resize.success }).first()).toBeVisible();
  // A second resize replaces the result: wait for the new object URL.
  await expect(link).toHaveAttribute('href', previous ? new RegExp(`^(?!${previous}$)`) : /^blob:/);
  return downloadResult(page);
}

test('shows the fields with their defaults, the hint and the limits', async ({ page }) => {
  const main = tool.main(page);
  await expect(main.getByText(spec.upload.resizeHint, { exact: true })).toBeVisible();
  await expect(tool.width(page)).toHaveValue('');
  await expect(tool.height(page)).toHaveValue('');
  await expect(tool.quality(page)).toHaveValue(spec.resize.defaultQuality);
  await expect(tool.maintainAspect(page)).toBeChecked();
  await expect(main.getByText(/4096\s?px/).first()).toBeVisible();
  await expect(main.getByText(/10\s?MB/).first()).toBeVisible();
  await expect(main.getByRole('heading', { name: /usage/i }).first()).toBeVisible();
});

test('with Maintain Aspect Ratio on, filling one side disables the other', async ({ page }) => {
  await tool.width(page).fill('300');
  await expect(tool.height(page)).toBeDisabled();
  await tool.width(page).fill('');
  await expect(tool.height(page)).toBeEnabled();
  await tool.height(page).fill('200');
  await expect(tool.width(page)).toBeDisabled();
  await tool.height(page).fill('');
  await expect(tool.width(page)).toBeEnabled();
});

test('with both sides filled the Maintain Aspect Ratio checkbox is disabled', async ({ page }) => {
  await tool.maintainAspect(page).uncheck();
  await tool.width(page).fill('300');
  await expect(tool.height(page)).toBeEnabled();
  await tool.height(page).fill('200');
  await expect(tool.maintainAspect(page)).toBeDisabled();
  await tool.height(page).fill('');
  await expect(tool.maintainAspect(page)).toBeEnabled();
});

test('width, height and quality take digits only', async ({ page }) => {
  await tool.maintainAspect(page).uncheck();
  await tool.width(page).pressSequentially('3x0-0');
  await expect(tool.width(page)).toHaveValue('300');
  await tool.height(page).pressSequentially('1a2b');
  await expect(tool.height(page)).toHaveValue('12');
  await tool.quality(page).clear();
  await tool.quality(page).pressSequentially('7.5q');
  await expect(tool.quality(page)).toHaveValue('75');
});

for (const bad of ['0', '101']) {
  test(`quality ${bad} shows 'Quality must be between 1 and 100' and sends nothing`, async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (imageApi.test(request.url())) calls++;
    });
    await pickFile(page, images.cat);
    await tool.width(page).fill('100');
    await tool.quality(page).fill(bad);
    await tool.submit(page, spec.resize.submit).click();
    await expect(tool.main(page).getByText(spec.resize.qualityError)).toBeVisible();
    expect(calls).toBe(0);
  });
}

test('submitting shows a spinner on a disabled button, then the success toast and the result', async ({
  page,
}) => {
  await pickFile(page, images.portrait);
  await tool.width(page).fill('180');
  const held = await holdRequests(page, imageApi);
  await tool.submit(page, spec.resize.submit).click();
  await expectSubmitting(page, /resiz/i);
  await expect.poll(() => held.seen.length).toBe(1);

  // Empty fields are left out of the request; the rest is what the form shows.
  const fields = multipartFields(held.seen[0] ?? (undefined as never));
  expect(fields.image).toBe('portrait_flow_720x1440.jpg');
  expect(fields.width).toBe('180');
  expect(fields.quality).toBe('85');
  expect(fields).not.toHaveProperty('height');

  held.release();
  await expect(ui.toasts(page).filter({ hasText: spec.resize.success })).toBeVisible();
  await expect(tool.submit(page, spec.resize.submit)).toBeEnabled();
  await expect(tool.main(page).locator('img[src^="blob:"]')).toHaveCount(2);
});

test('one side given: the download keeps the aspect ratio (720x1440 -> 180x360)', async ({ page }) => {
  await pickFile(page, images.portrait);
  await tool.width(page).fill('180');
  const result = await resizeAndDownload(page);
  expect(result).toMatchObject({ width: 180, height: 360, format: 'jpeg' });
});

test('height only: 720x1440 -> 50x100', async ({ page }) => {
  await pickFile(page, images.portrait);
  await tool.height(page).fill('100');
  const result = await resizeAndDownload(page);
  expect(result).toMatchObject({ width: 50, height: 100 });
});

test('aspect ratio off: exactly the requested box (451x300 -> 200x100 PNG)', async ({ page }) => {
  await pickFile(page, images.cat);
  await tool.maintainAspect(page).uncheck();
  await tool.width(page).fill('200');
  await tool.height(page).fill('100');
  const result = await resizeAndDownload(page);
  expect(result).toMatchObject({ width: 200, height: 100, format: 'png' });
});

test('aspect ratio on, width only: 451x300 -> 200x133', async ({ page }) => {
  await pickFile(page, images.cat);
  await tool.width(page).fill('200');
  const result = await resizeAndDownload(page);
  expect(result).toMatchObject({ width: 200, height: 133, format: 'png' });
});

test('a lower quality gives a smaller JPEG', async ({ page }) => {
  await pickFile(page, images.portrait);
  await tool.width(page).fill('360');
  await tool.quality(page).fill('95');
  const high = await resizeAndDownload(page);
  await tool.quality(page).fill('10');
  const low = await resizeAndDownload(page);
  expect(high).toMatchObject({ width: 360, height: 720 });
  expect(low).toMatchObject({ width: 360, height: 720 });
  expect(low.bytes).toBeLessThan(high.bytes / 2);
});
