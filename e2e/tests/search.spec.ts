import type { Page } from '@playwright/test';
import { tools } from '@toolkit/catalog';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { escapeRegExp, ui } from '../support/ui.js';

// Search dialog: Ctrl/Cmd+K toggles it (so does the 'Search documentation...' button on wide
// screens); 'Search docs...' input; one group 'API Endpoints' with the 22 pages; 'No results found.';
// choosing an entry navigates and closes it; at most 'lg' (32rem) wide.

async function openWithButton(page: Page) {
  await ui.searchButton(page).click();
  await expect(ui.searchDialog(page)).toBeVisible();
  await expect(ui.searchInput(page)).toBeFocused();
}

const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
const group = (page: Page) => page.getByRole('group', { name: spec.search.group });

test('Control+k and Meta+k each open and close the search dialog', async ({ page }) => {
  await visit(page, '/');
  for (const shortcut of ['Control+k', 'Meta+k']) {
    await page.keyboard.press(shortcut);
    await expect(ui.searchDialog(page), shortcut).toBeVisible();
    await expect(ui.searchInput(page)).toBeFocused();
    await page.keyboard.press(shortcut);
    await expect(ui.searchDialog(page), shortcut).toBeHidden();
  }
});

test('Ctrl+K works on docs pages too, and Escape closes the dialog', async ({ page }) => {
  await visit(page, '/docs/api/csv-to-json');
  await page.keyboard.press('Control+k');
  await expect(ui.searchDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ui.searchDialog(page)).toBeHidden();
});

// One dialog, opened once, for what it shows and how it filters; the click on an entry ends it.
test("lists the 22 pages under 'API Endpoints', in catalog order, is at most lg (32rem) wide, filters as you type ('No results found.'), and clicking an entry navigates to its page and closes the dialog", async ({
  page,
}) => {
  await visit(page, '/');
  await openWithButton(page);
  const dialog = ui.searchDialog(page);
  await expect(ui.searchInput(page)).toHaveAttribute('placeholder', spec.search.placeholder);
  await expect(dialog.getByText(spec.search.group, { exact: true })).toBeVisible();
  const options = group(page).getByRole('option');
  await expect(options).toHaveCount(spec.search.entries);
  // Each entry starts with the page's search name (a hint such as its path may follow).
  await expect(options).toHaveText(tools.map((t) => startsWith(t.searchTitle)));
  // The entry of /docs/api is Resize Image; the one of /docs/api/image-base64 is Image to Base64.
  await expect(options.first()).toHaveText(startsWith('Resize Image'));
  await expect(group(page).getByRole('option', { name: 'Image to Base64' })).toBeVisible();
  await expect(dialog.getByText(spec.search.empty)).toBeHidden();

  const box = await dialog.boundingBox();
  expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(spec.search.maxWidthPx);

  await ui.searchInput(page).fill('thumb');
  await expect(group(page).getByRole('option')).toHaveText([startsWith('Thumbnail Generation')]);
  await ui.searchInput(page).fill('zzqx-nothing-matches');
  await expect(dialog.getByText(spec.search.empty, { exact: true })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);

  await ui.searchInput(page).fill('');
  await expect(options).toHaveCount(spec.search.entries);
  const target = tools.find((t) => t.id === 'yaml-to-json');
  await group(page).getByRole('option', { name: target?.searchTitle }).click();
  await expect(page).toHaveURL(target?.path ?? '');
  await expect(ui.searchDialog(page)).toBeHidden();
});

test('choosing an entry with the keyboard navigates to its page and closes the dialog', async ({ page }) => {
  await visit(page, '/about');
  await page.keyboard.press('Control+k');
  await expect(ui.searchInput(page)).toBeFocused();
  await ui.searchInput(page).fill('Image to Base64');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/docs/api/image-base64');
  await expect(ui.searchDialog(page)).toBeHidden();
  await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText('Image to Base64');
});

test('arrow keys move through the entries', async ({ page }) => {
  await visit(page, '/');
  await page.keyboard.press('Control+k');
  await expect(ui.searchInput(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // The first entry is selected when the dialog opens; one step down is the second page.
  await expect(page).toHaveURL(tools[1]?.path ?? '');
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Ctrl+K opens the dialog, which fits the screen', async ({ page }) => {
    await visit(page, '/docs/api');
    await page.keyboard.press('Control+k');
    const box = await ui.searchDialog(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
