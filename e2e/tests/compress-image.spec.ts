import { statSync } from 'node:fs';
import { images } from '../support/files.js';
import { expect, test, visit } from '../support/test.js';
import { downloadResult, pickFile, tool } from '../support/tools.js';

// Compress Image against the real API: before and after with the size saved, and a smaller download.

test.beforeEach(async ({ page }) => {
  await visit(page, '/docs/api/compress-image');
});

test('a photo comes back smaller, with the percentage saved beside the comparison', async ({ page }) => {
  await pickFile(page, images.portrait);
  await tool.submit(page, 'Compress Image').click();
  await expect(
    tool
      .main(page)
      .getByText(/\d+% saved/)
      .first(),
  ).toBeVisible();
  const result = await downloadResult(page);
  expect(result).toMatchObject({ width: 720, height: 1440, format: 'jpeg' });
  expect(result.bytes).toBeLessThan(statSync(images.portrait).size);
});
