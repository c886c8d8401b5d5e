import { type ToolSpec, tools } from '@toolkit/catalog';
import { spec } from '../support/spec.js';
import { expect, test, visitHydrated } from '../support/test.js';
import { ui } from '../support/ui.js';

// Pages are pre-rendered: the HTML the server sends already holds the content, so it paints before
// any JavaScript runs.

/** Text content of raw HTML, with tags removed and the common entities decoded. */
function htmlText(html: string): string {
  return (
    html
      // React separates adjacent text nodes with empty comments ('v<!-- -->1.0.0').
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;|&#160;/g, ' ')
      .replace(/\s+/g, ' ')
  );
}

const pages = [
  { path: '/', texts: [spec.home.headline, spec.home.badge, ...spec.home.cards.map((c) => c.title)] },
  { path: '/about', texts: [spec.about.creatorHeading, ...spec.about.skills] },
  ...tools.map((tool) => ({
    path: tool.path,
    texts: [
      tool.title,
      tool.description,
      spec.sidebar.title,
      spec.sidebar.version,
      ...spec.sidebar.groups.map((g) => g.title),
      ...((tool.status as ToolSpec['status']) === 'planned'
        ? [spec.placeholder.title, spec.placeholder.body]
        : // A text tool's panel has an editor and an "Upload a file" button instead of a drop area.
          [tool.api.input.kind === 'json-or-file' ? 'Upload a file' : spec.upload.heading]),
    ],
  })),
];

test.describe('the raw HTML already holds the content', () => {
  for (const { path, texts } of pages) {
    test(`GET ${path}`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      const text = htmlText(await response.text());
      for (const expected of texts) expect(text, `"${expected}" in the HTML of ${path}`).toContain(expected);
    });
  }
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its headline, header links and cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spec.home.headline);
    for (const card of spec.home.cards) {
      await expect(page.getByRole('heading', { name: card.title, exact: true })).toBeVisible();
    }
    await expect(ui.footer(page)).toBeVisible();
  });

  test('a docs page shows its heading, breadcrumb and sidebar links', async ({ page }) => {
    await page.goto('/docs/api/thumbnail-generator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thumbnail Generation');
    await expect(ui.breadcrumb(page)).toContainText('Thumbnail Generation');
    for (const tool of tools) {
      await expect(ui.sidebar(page).getByRole('link', { name: tool.title, exact: true })).toBeAttached();
    }
  });
});

test.describe('hydration keeps the pre-rendered content (no flash to a placeholder)', () => {
  const paths = ['/docs/api', '/docs/api/image-base64', '/docs/api/thumbnail-generator', '/about'];
  // Both widths of a page in one test (the second load finds the scripts cached).
  for (const path of paths) {
    test(`${path} at 390px and 1280px`, async ({ page }) => {
      test.slow(); // two hydrated page loads
      // Records every element with real text that leaves the page: hydration should adopt the
      // pre-rendered elements, not throw them away and paint them again. It runs on each load.
      await page.addInitScript(() => {
        const removed: string[] = [];
        Object.assign(window, { __removedContent: removed });
        new MutationObserver((mutations) => {
          for (const mutation of mutations) {
            for (const node of Array.from(mutation.removedNodes)) {
              if (['SCRIPT', 'STYLE', 'LINK', 'META'].includes(node.nodeName)) continue;
              const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
              if (text.length > 40) removed.push(text.slice(0, 80));
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        // Measures what hydration did, so it waits for hydration to be over.
        await visitHydrated(page, path);
        await expect(ui.main(page).getByRole('heading', { level: 1 })).toBeVisible();
        const removed = await page.evaluate(
          () => (window as unknown as { __removedContent: string[] }).__removedContent,
        );
        expect(removed, `pre-rendered content removed while hydrating at ${width}px`).toEqual([]);
      }
    });
  }
});
