import { readFileSync } from 'node:fs';
import { downloadResult, openWithText, resultBlock } from '../support/data-tools.js';
import { decode, images } from '../support/files.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

test.describe('/docs/api/base64-decode', () => {
  test('shows decoded text', async ({ page }) => {
    await openWithText(page, '/docs/api/base64-decode', 'Base64', '2YXYsdit2KjYpyDwn5iA');
    await tool.submit(page, 'Decode').click();
    await expect(resultBlock(page, 'Decoded text')).toContainText('مرحبا 😀');
  });

  test('offers a decoded image as a download of its type', async ({ page }) => {
    const jpeg = readFileSync(images.tiny);
    await openWithText(page, '/docs/api/base64-decode', 'Base64', jpeg.toString('base64'));
    await tool.submit(page, 'Decode').click();
    await expect(tool.main(page).getByTestId('download-instead')).toBeVisible();
    const file = await downloadResult(page);
    expect(file.name).toMatch(/\.jpg$/);
    expect(await decode(file.data)).toMatchObject({ width: 48, height: 48 });
  });

  test('names the first bad position inline', async ({ page }) => {
    await openWithText(page, '/docs/api/base64-decode', 'Base64', 'aGVs*bG8=');
    await tool.submit(page, 'Decode').click();
    await expect(tool.main(page).getByRole('alert')).toContainText('position 5');
  });
});
