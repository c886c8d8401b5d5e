import { basename } from 'node:path';
import type { Page } from '@playwright/test';
import { copyAs, type Language, runCopied } from '../support/copy-code.js';
import { choose, downloadResult, setCheckbox } from '../support/data-tools.js';
import { images } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';

// Issue 32: a try-it panel's fields live in its address (a link reproduces the panel, files
// excepted), and "Copy as cURL / JavaScript / Python" copies the request just made: run as copied,
// beside a file of the uploaded file's name, it gets the very bytes the panel got.

test.use({
  permissions: ['clipboard-read', 'clipboard-write'],
  allowedConsoleErrors: [],
});

/** Opens the page's own address in a new page, as a person opening a shared link. */
async function openLink(page: Page): Promise<Page> {
  const second = await page.context().newPage();
  await visit(second, page.url());
  return second;
}

/** Copies the request as each language, runs it, and expects the bytes the panel downloaded. */
async function expectCopiesGetSameBytes(page: Page, languagesToRun: Language[], input?: string) {
  const result = await downloadResult(page);
  for (const language of languagesToRun) {
    const code = await copyAs(page, language);
    expect(code).not.toContain('Authorization');
    if (input) expect(code).toContain(basename(input));
    const bytes = await runCopied(code, language, input);
    expect(bytes.equals(result.data), `${language}: the same bytes as the panel's result`).toBe(true);
  }
}

test('resize: width, height, quality and the aspect box survive a link; the copied request gets the same image', async ({
  page,
}) => {
  await visit(page, '/docs/api');
  await tool.maintainAspect(page).uncheck();
  // In the address once the panel has it. (Sides typed before hydration would be applied before the
  // replayed click and disable the box first: the early-action order, not this feature.)
  await expect(page).toHaveURL(/maintain_aspect=false/);
  await tool.width(page).fill('120');
  await tool.height(page).fill('90');
  await tool.quality(page).fill('70');
  await expect(page).toHaveURL(/width=120/);
  await expect(page).toHaveURL(/height=90/);
  await expect(page).toHaveURL(/quality=70/);

  const shared = await openLink(page);
  await expect(tool.width(shared)).toHaveValue('120');
  await expect(tool.height(shared)).toHaveValue('90');
  await expect(tool.quality(shared)).toHaveValue('70');
  await expect(tool.maintainAspect(shared)).not.toBeChecked();

  await pickFile(shared, images.cat);
  await tool.submit(shared, 'Resize Image').click();
  await expectCopiesGetSameBytes(shared, ['curl', 'javascript', 'python'], images.cat);
});

test('convert image: the schema fields survive a link; the copied cURL gets the same image', async ({
  page,
}) => {
  await visit(page, '/docs/api/convert-image');
  await choose(page, 'Convert to', 'PNG');
  await expect(page).toHaveURL(/format=png/);

  const shared = await openLink(page);
  await expect(tool.main(shared).getByLabel('Convert to', { exact: true })).toContainText('PNG');
  await pickFile(shared, images.tiny);
  await tool.submit(shared, 'Convert Image').click();
  await expectCopiesGetSameBytes(shared, ['curl'], images.tiny);
});

test('CSV to JSON: typed text and options survive a link; the copied request gets the same JSON', async ({
  page,
}) => {
  // Numbers stay text with the option off; the quotes, @, < and the line break test the quoting.
  const csv = `name;born;note\n"O'Brien";1815;"@home, <b>"\nAda;1912;"two\nlines"\n`;
  await visit(page, '/docs/api/csv-to-json');
  await tool.main(page).getByLabel('CSV', { exact: true }).fill(csv);
  await setCheckbox(page, 'Type numbers, booleans and nulls', false);
  await expect(page).toHaveURL(/dynamic_typing=false/);
  await expect(page).toHaveURL(/csv=/);

  const shared = await openLink(page);
  await expect(tool.main(shared).getByLabel('CSV', { exact: true })).toHaveValue(csv);
  await expect(
    tool.main(shared).getByRole('checkbox', { name: 'Type numbers, booleans and nulls' }),
  ).not.toBeChecked();
  await tool.submit(shared, 'Convert to JSON').click();
  await expect(tool.main(shared).getByRole('region', { name: /^JSON/ })).toContainText('"born": "1815"');
  await expectCopiesGetSameBytes(shared, ['curl', 'javascript', 'python']);
});
