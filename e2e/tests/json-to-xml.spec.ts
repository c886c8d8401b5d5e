import { downloadResult, openWithText, resultBlock } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.describe('/docs/api/json-to-xml', () => {
  test('writes escaped XML under the chosen root', async ({ page }) => {
    await openWithText(page, '/docs/api/json-to-xml', 'JSON', '{"item":[{"@id":"1","name":"A & B"}]}');
    await tool.main(page).getByLabel('Root element', { exact: true }).fill('catalog');
    await tool.submit(page, 'Convert to XML').click();
    await expect(resultBlock(page, 'XML')).toContainText('<name>A &amp; B</name>');
    const file = await downloadResult(page);
    expect(file.data.toString('utf8')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n  <item id="1">\n    <name>A &amp; B</name>\n  </item>\n</catalog>\n',
    );
  });
});
