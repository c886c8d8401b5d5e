import { openWithText } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.describe('/docs/api/word-counter', () => {
  test('shows the statistics and the top words as a table', async ({ page }) => {
    await openWithText(page, '/docs/api/word-counter', 'Text', 'Cats and dogs. Cats sleep!\n\n猫が好き。');
    await tool.submit(page, 'Count Words').click();
    const result = tool.main(page).getByRole('region', { name: 'Statistics' });
    await expect(result).toBeVisible();
    const value = (label: string) =>
      result.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect(value('Words')).toHaveText('8');
    await expect(value('Paragraphs')).toHaveText('2');
    await expect(value('Sentences')).toHaveText('3');
    const table = result.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toContainText('cats');
    await expect(table.getByRole('row').nth(1)).toContainText('2');
  });

  test('gives zeros for blank text', async ({ page }) => {
    await openWithText(page, '/docs/api/word-counter', 'Text', '   ');
    await tool.submit(page, 'Count Words').click();
    const result = tool.main(page).getByRole('region', { name: 'Statistics' });
    await expect(result.locator('dt', { hasText: /^Words$/ }).locator('+ dd')).toHaveText('0');
  });
});
