import type { Page } from '@playwright/test';
import { expect, test, visitHydrated } from '../support/test.js';

// The docs' endpoint box and code samples paint a neutral form (a path, and $BASE in the samples)
// that hydration never changes: no host is written before the browser knows its own. The files the
// samples upload are downloadable from the site.

const pages = [
  { path: '/docs/api', endpoint: '/api/v1/images/resize', file: '/samples/photo.jpg', type: 'image/jpeg' },
  { path: '/docs/api/xml-to-json', endpoint: '/api/v1/data/xml-to-json' },
  {
    path: '/docs/api/pdf-to-text',
    endpoint: '/api/v1/pdf/to-text',
    file: '/samples/report.pdf',
    type: 'application/pdf',
  },
];

/** What the reference shows: the endpoint box's text and the visible code sample. */
async function shown(page: Page, endpoint: string) {
  const box = page.locator('code').filter({ hasText: new RegExp(`^${endpoint.replaceAll('/', '\\/')}$`) });
  await expect(box).toHaveCount(1);
  return { endpoint: await box.textContent(), sample: await page.locator('pre code').first().textContent() };
}

for (const { path, endpoint, file, type } of pages) {
  test(`${path}: the endpoint and samples painted first are the ones after hydration`, async ({
    browser,
  }) => {
    // First paint: no module script runs (each is served empty), so this is the pre-rendered page.
    const before = await browser.newPage();
    await before.route('**/assets/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await before.goto(path);
    const painted = await shown(before, endpoint);
    await before.close();

    const after = await browser.newPage();
    await visitHydrated(after, path);
    const hydrated = await shown(after, endpoint);
    await after.close();

    expect(painted).toEqual(hydrated);
    expect(painted.sample).toContain(`"$BASE${endpoint.slice('/api/v1'.length)}"`);
    expect(`${painted.endpoint}${painted.sample}`).not.toContain('localhost');
  });

  if (file) {
    test(`${path}: the sample's input file is linked and downloads`, async ({ page }) => {
      await visitHydrated(page, path);
      const link = page.locator(`a[href="${file}"]`);
      await expect(link).toHaveAttribute('download', '');
      const response = await page.request.get(file);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe(type);
      expect((await response.body()).length).toBeGreaterThan(1000);
    });
  }
}
