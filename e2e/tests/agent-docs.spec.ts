import type { Page } from '@playwright/test';
import { getTool, markdownPath } from '@toolkit/catalog';
import { expect, test, visit, visitHydrated } from '../support/test.js';

// The docs for agents: each docs page's "Copy page as Markdown" puts its .md file's text on the
// clipboard (by mouse and by keyboard), "View as Markdown" opens that file, and the MCP page's client
// configuration names this server.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const copyButton = (page: Page) => page.getByRole('button', { name: 'Copy page as Markdown' });

/** The .md file as the server sends it, checked to be Markdown. */
async function markdownFile(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  return response.text();
}

test('"Copy page as Markdown" puts the page’s .md text on the clipboard', async ({ page }) => {
  const tool = getTool('csv-to-json');
  await visitHydrated(page, tool.path);
  const expected = await markdownFile(page, markdownPath(tool));
  expect(expected).toMatch(/^# CSV to JSON\n/);
  await copyButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Page copied to the clipboard as Markdown' }),
  ).toBeAttached();
  expect(await clipboard(page)).toBe(expected);
});

test('the Markdown controls work from the keyboard, on the docs root too', async ({ page }) => {
  await visitHydrated(page, '/docs/api');
  const expected = await markdownFile(page, '/docs/api.md');
  await copyButton(page).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => clipboard(page)).toBe(expected);
  const view = page.getByRole('link', { name: 'View as Markdown' });
  await view.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/docs/api.md');
  // The browser shows the text as it is (Chromium wraps a text file in a <pre>).
  expect(await page.locator('body > pre').textContent()).toBe(expected);
});

test('the MCP page gives a client configuration for this server, and llms.txt links it', async ({
  page,
  baseURL,
}) => {
  await visitHydrated(page, '/docs/mcp');
  await expect(page.getByRole('heading', { level: 1, name: 'MCP server' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'data_csv_to_json' })).toBeVisible();
  const origin = new URL(baseURL ?? '').origin;
  await expect(page.locator('pre code')).toContainText(`${origin}/mcp`);
  await page.getByRole('button', { name: 'Copy the client configuration' }).click();
  await expect.poll(async () => clipboard(page)).toContain(origin);
  expect(JSON.parse(await clipboard(page))).toEqual({
    mcpServers: { toolkit: { url: `${origin}/mcp`, headers: { Authorization: 'Bearer <key>' } } },
  });
  const llms = await (await page.request.get('/llms.txt')).text();
  expect(llms).toContain('(/docs/mcp.md)');
});

test('the pipeline builder links its Markdown copy, which lists every operation, and llms.txt links it', async ({
  page,
}) => {
  await visit(page, '/docs/pipeline');
  const view = page.getByRole('link', { name: 'View as Markdown' });
  await expect(view).toHaveAttribute('href', '/docs/pipeline.md');
  const markdown = await (await page.request.get('/docs/pipeline.md')).text();
  expect(markdown).toContain('# Pipelines');
  expect(markdown).toContain('| `images/resize` | [Resize Image](/docs/api.md) | an image | an image |');
  expect(markdown).toContain('| `data/csv-to-json` | [CSV to JSON](/docs/api/csv-to-json.md) | CSV | JSON |');
  const llms = await (await page.request.get('/llms.txt')).text();
  expect(llms).toContain('(/docs/pipeline.md)');
});
