import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, visit } from './test.js';
import { tool } from './tools.js';

/*
 * Driving a text/data tool's panel like a person: type or paste into the editor, set options,
 * submit, then read the shown result or download it.
 */

/** Opens a tool page and replaces the editor's sample with `text`. */
export async function openWithText(
  page: Page,
  path: string,
  editorLabel: string,
  text: string,
): Promise<void> {
  await visit(page, path);
  await page.getByRole('main').getByLabel(editorLabel, { exact: true }).fill(text);
}

/** The shown result text block (a region named after its title, e.g. 'CSV'). */
export function resultBlock(page: Page, title: string) {
  return tool.main(page).getByRole('region', { name: new RegExp(`^${title} ?\\d`) });
}

/** Clicks the result's download link and returns the file's name and bytes. */
export async function downloadResult(page: Page): Promise<{ name: string; data: Buffer }> {
  const link = tool.downloadLink(page).first();
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), data: await readFile(path) };
}

/** Sets a checkbox of the panel to `checked`. */
export async function setCheckbox(page: Page, name: string, checked: boolean): Promise<void> {
  await tool.main(page).getByRole('checkbox', { name, exact: true }).setChecked(checked);
}

/** Chooses an option of a select (Radix listbox) by the labels shown. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await tool.main(page).getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
