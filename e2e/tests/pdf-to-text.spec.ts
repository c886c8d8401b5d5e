import { readFileSync } from 'node:fs';
import { fixture } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// PDF to Text against the real API: the document information, the text page by page with copy and
// download, and the clear answers for a bad page range and an encrypted PDF.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/pdf-to-text');
});

test('shows the info and the text of each page, copies it and downloads it', async ({ page }) => {
  await pickFile(page, fixture('pdf/ltnews18_1page.pdf'));
  await tool.submit(page, 'Extract Text').click();
  await expect(ui.toasts(page).filter({ hasText: 'Text successfully extracted.' })).toBeVisible({
    timeout: 30_000,
  });
  const main = tool.main(page);
  await expect(main.getByTestId('pdf-page-count')).toContainText('1');
  await expect(main.getByText('pdfTeX-1.40.24')).toBeVisible();
  const pages = main.getByTestId('pdf-pages');
  await expect(pages.getByRole('button', { name: 'Copy page 1', exact: true })).toBeVisible();
  await expect(pages.getByText(/This news never existed\./)).toBeVisible();

  await main.getByRole('button', { name: 'Copy page 1' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(
    'LATEX News, and the LATEX software, are brought to you by the LATEX Project Team',
  );

  const link = main.locator('a[download$="-text.txt"]');
  const saved = page.waitForEvent('download');
  await link.click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('ltnews18_1page-text.txt');
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.split('\n').slice(0, 2)).toEqual(['LATEX News', 'Issue 18, December 2007']);
});

test('reads only the pages asked for', async ({ page }) => {
  await pickFile(page, fixture('pdf/tkz-euclide_figures_259p.pdf'));
  await page.getByLabel('Pages', { exact: true }).fill('2-3');
  await tool.submit(page, 'Extract Text').click();
  const main = tool.main(page);
  await expect(main.getByTestId('pdf-page-count')).toContainText('2 of 259', { timeout: 30_000 });
  const pages = main.getByTestId('pdf-pages');
  await expect(pages.getByRole('button', { name: 'Copy page 3', exact: true })).toBeVisible();
  await expect(pages.getByRole('button', { name: /^Copy page/ })).toHaveCount(2);
  await expect(pages.getByRole('button', { name: 'Copy page 1', exact: true })).toHaveCount(0);
});

test.describe('bad input', () => {
  // The 400 and 422 answers are logged by the browser as failed requests: expected here.
  test.use({ allowedConsoleErrors: [/status of 4\d\d/] });

  test('explains a page past the end and an encrypted PDF', async ({ page }) => {
    await pickFile(page, fixture('pdf/ltnews18_1page.pdf'));
    await page.getByLabel('Pages', { exact: true }).fill('5');
    await tool.submit(page, 'Extract Text').click();
    await expect(tool.main(page).getByText('The document has 1 page; page 5 does not exist.')).toBeVisible({
      timeout: 30_000,
    });

    await page.getByLabel('Pages', { exact: true }).fill('');
    await tool.removeButton(page).click();
    await pickFile(page, fixture('bad/pdf_encrypted_userpw_secret.pdf'));
    await tool.submit(page, 'Extract Text').click();
    await expect(ui.alert(page, /encrypted with a password/)).toBeVisible({ timeout: 30_000 });
  });
});
