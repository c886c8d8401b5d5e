import { choose, downloadResult, openWithText, resultBlock } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

const json = '[{"name":"Ada","address":{"city":"London"}},{"name":"=1+1","born":1912}]';

test.describe('/docs/api/json-to-csv', () => {
  test('converts typed JSON with a chosen delimiter; the shown and downloaded CSV are exact', async ({
    page,
  }) => {
    await openWithText(page, '/docs/api/json-to-csv', 'JSON', json);
    await choose(page, 'Delimiter', 'Semicolon ( ; )');
    await tool.submit(page, 'Convert to CSV').click();
    const expected = "name;address.city;born\r\nAda;London;\r\n'=1+1;;1912\r\n";
    await expect(resultBlock(page, 'CSV')).toContainText("'=1+1;;1912");
    await expect(tool.main(page).getByText('Rows', { exact: true })).toBeVisible();
    const file = await downloadResult(page);
    expect(file.name).toMatch(/\.csv$/);
    expect(file.data.toString('utf8')).toBe(expected);
  });
});
