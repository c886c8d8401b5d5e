import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fixture } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { tool } from '../support/tools.js';

// File Compression end to end: several files in, a format and a level, the archive downloaded and
// opened with unzip / tar, and the sizes before and after shown.

const inputs = [
  fixture('text/faker-README.md'),
  fixture('data/csv/statsmodels-statecrime.csv'),
  fixture('images/chelsea_cat_451x300.png'),
];

/** Chooses files through the empty area's 'Select file' button, as a person would. */
async function addFiles(page: Page, paths: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await tool.selectButton(page).click();
  await (await chooser).setFiles(paths);
}

async function download(page: Page) {
  const link = tool.downloadLink(page);
  await expect(link).toBeVisible({ timeout: 60_000 });
  const event = page.waitForEvent('download');
  await link.click();
  const file = await event;
  return { path: await file.path(), name: file.suggestedFilename() };
}

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/file-compression');
});

test('zips three files: the archive lists them and the sizes before and after are shown', async ({
  page,
}) => {
  await addFiles(page, inputs);
  const main = tool.main(page);
  await expect(main.getByText('faker-README.md')).toBeVisible();
  await tool.submit(page, 'Create archive').click();
  const { path, name } = await download(page);
  expect(name).toMatch(/\.zip$/);
  const listing = execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).trim().split('\n');
  expect(listing).toEqual(['faker-README.md', 'statsmodels-statecrime.csv', 'chelsea_cat_451x300.png']);
  expect(execFileSync('unzip', ['-p', path, 'faker-README.md']).equals(readFileSync(inputs[0] ?? ''))).toBe(
    true,
  );
  await expect(main.getByText('Input (3 files)')).toBeVisible();
  await expect(main.getByTestId('result-size')).toBeVisible();
});

test('a tar.gz at level 9 opens with tar', async ({ page }) => {
  await addFiles(page, inputs.slice(0, 2));
  const main = tool.main(page);
  await main.getByLabel('Format', { exact: true }).click();
  await page.getByRole('option', { name: 'tar.gz (.tar.gz)' }).click();
  await main.getByLabel('Compression level (0–9)').fill('9');
  await tool.submit(page, 'Create archive').click();
  const { path, name } = await download(page);
  expect(name).toMatch(/\.tar\.gz$/);
  expect(execFileSync('tar', ['tzf', path], { encoding: 'utf8' }).trim().split('\n')).toEqual([
    'faker-README.md',
    'statsmodels-statecrime.csv',
  ]);
});
