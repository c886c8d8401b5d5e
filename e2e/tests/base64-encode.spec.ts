import { downloadResult, openWithText, resultBlock, setCheckbox } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.describe('/docs/api/base64-encode', () => {
  test('encodes text URL-safe', async ({ page }) => {
    await openWithText(page, '/docs/api/base64-encode', 'Text', 'hi?>');
    await setCheckbox(page, 'URL-safe alphabet', true);
    await tool.submit(page, 'Encode').click();
    await expect(resultBlock(page, 'Base64')).toContainText('aGk_Pg');
    const file = await downloadResult(page);
    expect(file.data.toString('utf8')).toBe('aGk_Pg');
  });
});
