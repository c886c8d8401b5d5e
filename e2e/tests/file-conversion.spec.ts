import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { fixture } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';

// File Conversion end to end: the targets offered follow the chosen file (from the server's formats
// list), and the result is previewed and downloaded.

async function targets(page: Page): Promise<string[]> {
  await tool.main(page).getByLabel('Convert to', { exact: true }).click();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

async function chooseTarget(page: Page, label: string) {
  await tool.main(page).getByLabel('Convert to', { exact: true }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function download(page: Page) {
  const link = tool.downloadLink(page);
  // The first document conversion starts a worker thread: give the result time to arrive.
  await expect(link).toBeVisible({ timeout: 60_000 });
  const event = page.waitForEvent('download');
  await link.click();
  const file = await event;
  return { data: readFileSync(await file.path()), name: file.suggestedFilename() };
}

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/file-conversion');
});

test('a Word document offers HTML, Markdown and text (and PDF with LibreOffice); Markdown comes back', async ({
  page,
}) => {
  await pickFile(page, fixture('misc/debian-reference-ch08.en.docx'));
  const offered = await targets(page);
  expect(offered.slice(0, 3)).toEqual(['HTML page', 'Markdown', 'Plain text']);
  expect(offered.filter((o) => !['HTML page', 'Markdown', 'Plain text', 'PDF'].includes(o))).toEqual([]);
  await chooseTarget(page, 'Markdown');
  await tool.submit(page, 'Convert').click();
  const { data, name } = await download(page);
  expect(name).toBe('debian-reference-ch08.en-convert.md');
  expect(data.toString('utf8')).toMatch(/^# Chapter\s8\.\s+I18N and L10N$/m);
  await expect(
    tool
      .main(page)
      .getByText(/I18N and L10N/)
      .first(),
  ).toBeVisible();
});

test('Markdown converts to HTML only, shown in a preview', async ({ page }) => {
  await pickFile(page, fixture('text/faker-README.md'));
  const offered = await targets(page);
  expect(offered.filter((o) => o !== 'PDF')).toEqual(['HTML page']);
  await chooseTarget(page, 'HTML page');
  await tool.submit(page, 'Convert').click();
  const { data } = await download(page);
  const preview = page.frameLocator('iframe[title="HTML preview"]');
  await expect(preview.getByRole('heading', { name: 'How Locales Work' })).toBeVisible();
  expect(data.toString('utf8')).toContain('<h1>How Locales Work</h1>');
});

test('a PNG becomes a WebP, previewed and downloaded', async ({ page }) => {
  await pickFile(page, fixture('images/chelsea_cat_451x300.png'));
  await chooseTarget(page, 'WEBP');
  await tool.submit(page, 'Convert').click();
  await expect(tool.main(page).getByRole('img', { name: 'The conversion result' })).toBeVisible();
  const { data, name } = await download(page);
  expect(name).toBe('chelsea_cat_451x300-convert.webp');
  const meta = await sharp(data).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 451, 300]);
});

test('a file this server does not convert offers nothing, says so and what would work', async ({ page }) => {
  await pickFile(page, fixture('pdf/ltnews18_1page.pdf'));
  const says =
    /^This server does not convert files of this type\. Choose a file of one of these formats: [A-Z, ]*\bDOCX\b[A-Z, ]*\.$/;
  await expect(tool.main(page).getByTestId('targets-help')).toHaveText(says);
  const select = tool.main(page).getByLabel('Convert to', { exact: true });
  await expect(select).toBeDisabled();
  await expect(select).toHaveText('No conversion for this file');
  // Convert does not go quiet: it answers with the same sentence, as an alert.
  await tool.submit(page, 'Convert').click();
  await expect(tool.main(page).getByRole('alert')).toHaveText(says);
});
