import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { getDocumentProxy } from 'unpdf';
import { expect, test, visit, waitForHydration } from '../support/test.js';
import { tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Text to PDF against the real API: the text area and options, the PDF shown in the page, and a
// download whose text, read back with pdf.js, is what was typed.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/text-to-pdf');
});

/** The text of every page of a saved PDF, and its page count and title. */
async function readPdf(path: string) {
  const doc = await getDocumentProxy(new Uint8Array(readFileSync(path)));
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
  }
  const { info } = await doc.getMetadata();
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    pages: doc.numPages,
    title: (info as { Title?: string }).Title,
  };
}

async function createPdf(page: Page, text: string) {
  await page.getByLabel('Text', { exact: true }).fill(text);
  await tool.submit(page, 'Create PDF').click();
  await expect(ui.toasts(page).filter({ hasText: 'PDF successfully created.' })).toBeVisible({
    timeout: 30_000,
  });
}

async function download(page: Page) {
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible();
  const saved = page.waitForEvent('download');
  await link.click();
  const file = await saved;
  return { path: await file.path(), name: file.suggestedFilename() };
}

test('typesets Greek and Cyrillic with a title, shows the PDF and downloads it', async ({ page }) => {
  await page.getByLabel('Title', { exact: true }).fill('Greetings');
  await page.getByLabel('Font size (pt)', { exact: true }).fill('16');
  await createPdf(page, 'Grüße — Ελληνικά καλημέρα — Кириллица доброе утро');
  const main = tool.main(page);
  const viewer = main.locator('iframe[title^="PDF preview"]');
  const note = main.getByTestId('no-pdf-viewer');
  await expect(viewer.or(note)).toBeVisible();
  await expect(main.getByTestId('pdf-pages')).toContainText('1');
  const saved = await download(page);
  expect(saved.name).toMatch(/\.pdf$/);
  const pdf = await readPdf(saved.path);
  expect(pdf.text).toBe('Grüße — Ελληνικά καλημέρα — Кириллица доброе утро');
  expect(pdf.title).toBe('Greetings');
});

test('renders Markdown when asked, and names characters the fonts lack', async ({ page }) => {
  await page.getByRole('checkbox', { name: 'Markdown' }).click();
  await createPdf(page, '# Notes\n\nSome **bold** text and 中文.\n\n- one\n- two');
  await expect(tool.main(page).getByTestId('missing-glyphs')).toContainText('U+4E2D, U+6587');
  const pdf = await readPdf((await download(page)).path);
  expect(pdf.text).not.toContain('#');
  expect(pdf.text).not.toContain('**');
  expect(pdf.text).toContain('Notes');
  expect(pdf.text).toContain('bold');
});

test('asks for text when the text area holds only spaces', async ({ page }) => {
  await page.getByLabel('Text', { exact: true }).fill('   \n   ');
  await tool.submit(page, 'Create PDF').click();
  await expect(
    ui.toasts(page).filter({ hasText: 'Please enter text or upload a file before submitting.' }),
  ).toBeVisible();
  await expect(tool.downloadLink(page)).toHaveCount(0);
});

test('the Markdown box follows the file chosen: ticked for .md, unticked for .txt', async ({ page }) => {
  await waitForHydration(page);
  const markdown = page.getByRole('checkbox', { name: 'Markdown' });
  const fileInput = tool.main(page).locator('input[type="file"]');
  await expect(markdown).not.toBeChecked();
  await fileInput.setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Notes\n\n- **bold** item\n'),
  });
  await expect(markdown).toBeChecked();
  await fileInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('# not a heading\n'),
  });
  await expect(markdown).not.toBeChecked();
});
