import { downloadResult, openWithText, resultBlock, setCheckbox } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 422/] });

test.describe('/docs/api/xml-to-json', () => {
  test('converts attributes and repeats, every element an array when asked', async ({ page }) => {
    await openWithText(page, '/docs/api/xml-to-json', 'XML', '<a id="7"><b>01</b></a>');
    await setCheckbox(page, 'Every element as an array', true);
    await tool.submit(page, 'Convert to JSON').click();
    await expect(resultBlock(page, 'JSON')).toContainText('"@id": "7"');
    const file = await downloadResult(page);
    expect(JSON.parse(file.data.toString('utf8'))).toEqual({ a: { b: ['01'], '@id': '7' } });
  });

  test('refuses a document that declares entities', async ({ page }) => {
    const laughs = '<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>\n<l>&b;</l>';
    await openWithText(page, '/docs/api/xml-to-json', 'XML', laughs);
    await tool.submit(page, 'Convert to JSON').click();
    await expect(tool.main(page).getByRole('alert')).toContainText('declares entities');
  });
});
