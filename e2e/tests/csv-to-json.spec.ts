import { downloadResult, openWithText, resultBlock } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

test.describe('/docs/api/csv-to-json', () => {
  test('detects the delimiter, keeps leading zeros and reports ragged rows', async ({ page }) => {
    await openWithText(page, '/docs/api/csv-to-json', 'CSV', 'id;zip\n1;01234\n2\n');
    await tool.submit(page, 'Convert to JSON').click();
    await expect(resultBlock(page, 'JSON')).toContainText('"zip": "01234"');
    await expect(tool.main(page).getByTestId('ragged-rows')).toContainText('1, the first is row 2');
    const file = await downloadResult(page);
    expect(JSON.parse(file.data.toString('utf8'))).toEqual([
      { id: 1, zip: '01234' },
      { id: 2, zip: null },
    ]);
  });

  test('shows a stray quote inline with its line and column', async ({ page }) => {
    await openWithText(page, '/docs/api/csv-to-json', 'CSV', 'a,b\n1,2\n"3,4\n');
    await tool.submit(page, 'Convert to JSON').click();
    const alert = tool.main(page).getByRole('alert');
    await expect(alert).toContainText('line 3, column 2');
    await expect(alert).toContainText('a quoted field is never closed');
  });
});
