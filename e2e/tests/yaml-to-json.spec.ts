import { downloadResult, openWithText, resultBlock } from '../support/data-tools.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.describe('/docs/api/yaml-to-json', () => {
  test('keeps yes as a string and every digit of a big integer', async ({ page }) => {
    await openWithText(
      page,
      '/docs/api/yaml-to-json',
      'YAML',
      'on: yes\nid: 123456789012345678901234567890\n',
    );
    await tool.submit(page, 'Convert to JSON').click();
    await expect(resultBlock(page, 'JSON')).toContainText('"id": 123456789012345678901234567890');
    const file = await downloadResult(page);
    expect(file.data.toString('utf8')).toBe('{\n  "on": "yes",\n  "id": 123456789012345678901234567890\n}');
  });
});
