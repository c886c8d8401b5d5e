import { findFreePort, type RunningProduct, startProduct } from '../support/product.js';
import { expect, test } from '../support/test.js';
import { tool } from '../support/tools.js';

/*
 * A server with API keys on (API_KEYS): the try-it panel shows the specification's authorization
 * alert, the visitor pastes a key, and the same click then works. The suite's own server runs
 * without keys, so this file starts a second one.
 */

const key = 'e2e-team-key-5f2c9a';
let product: RunningProduct;

test.beforeAll(async () => {
  product = await startProduct(await findFreePort(3400, 3499), { API_KEYS: key });
});
test.afterAll(async () => {
  await product?.stop();
});

test.use({ allowedConsoleErrors: [/status of 401/] });

test('a 401 shows the alert and a key field; with the key the tool works', async ({ page }) => {
  await page.goto(`${product.baseURL}/docs/api/word-counter`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('main').getByLabel('Text', { exact: true }).fill('One two three.');
  await tool.submit(page, 'Count Words').click();
  await expect(tool.main(page).getByRole('alert')).toContainText(
    'You are not authorized to perform this action. Please log in.',
  );
  const field = tool.main(page).getByLabel('API key');
  await field.fill(key);
  await tool.main(page).getByRole('button', { name: 'Save key' }).click();
  await tool.submit(page, 'Count Words').click();
  const result = tool.main(page).getByRole('region', { name: 'Statistics' });
  await expect(result.locator('dt', { hasText: /^Words$/ }).locator('+ dd')).toHaveText('3');
  expect(await page.evaluate(() => window.localStorage.getItem('toolkit_api_key'))).toBe(key);
});

test('with a saved key the code samples send it from $TOOLKIT_API_KEY, never the key itself', async ({
  page,
}) => {
  await page.goto(`${product.baseURL}/docs/api/word-counter`, { waitUntil: 'domcontentloaded' });
  const sample = page.locator('pre code').first();
  await expect(sample).toContainText('curl -X POST');
  await expect(sample).not.toContainText('Authorization');
  await page.evaluate((value) => window.localStorage.setItem('toolkit_api_key', value), key);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(sample).toContainText('-H "Authorization: Bearer $TOOLKIT_API_KEY"');
  await expect(page.getByRole('main')).not.toContainText(key);
  await page.getByRole('main').getByRole('tab', { name: 'Python' }).click();
  await expect(page.getByRole('main').getByRole('tabpanel')).toContainText(
    "'Authorization': 'Bearer ' + os.environ['TOOLKIT_API_KEY']",
  );
});
