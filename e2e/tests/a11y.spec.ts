import type { BrowserContext, Page } from '@playwright/test';
import { mcpDocsPath, tools } from '@toolkit/catalog';
import { formatViolations, seriousViolations } from '../support/axe.js';
import { images } from '../support/files.js';
import { spec } from '../support/spec.js';
import { expect, test, visit, visitHydrated } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';
import { htmlIsDark, ui } from '../support/ui.js';

// axe-core on every page in both themes: no serious or critical violation.

const unknownPath = '/docs/api/no-such-endpoint';
const paths = ['/', '/about', ...tools.map((t) => t.path), mcpDocsPath, unknownPath];
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

// The unknown path answers 404, which the browser logs.
test.use({ bypassCSP: true, allowedConsoleErrors: [/the server responded with a status of 404/] });

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations.length, `axe on ${what}:\n${formatViolations(violations)}`).toBe(0);
}

/** Later visits of the same context read the theme cookie set here. */
async function useTheme(context: BrowserContext, baseURL: string | undefined, theme: Theme) {
  await context.addCookies([{ name: spec.theme.cookie, value: theme, url: baseURL ?? '' }]);
}

// Both themes of a page in one test: the second load finds the scripts in the browser's cache.
for (const path of paths) {
  test(`${path}`, async ({ page, context, baseURL }) => {
    test.slow(); // two hydrated page loads, each checked by axe
    for (const theme of themes) {
      await useTheme(context, baseURL, theme);
      // axe checks the page as it stays: hydrated, with the lazily loaded parts in place.
      await visitHydrated(page, path, path === unknownPath ? 404 : 200);
      await expect(page).toHaveTitle(/\S/);
      await expect(ui.main(page).getByRole('heading', { level: 1 })).toBeVisible();
      expect(await htmlIsDark(page)).toBe(theme === 'dark');
      await expectAccessible(page, `${path} (${theme})`);
    }
  });
}

for (const theme of themes) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await useTheme(context, baseURL, theme);
    });

    test('the search dialog, open', async ({ page }) => {
      await visit(page, '/docs/api');
      await page.keyboard.press('Control+k');
      await expect(ui.searchDialog(page)).toBeVisible();
      await expectAccessible(page, `search dialog (${theme})`);
      await ui.searchInput(page).fill('zzqx');
      await expect(page.getByText(spec.search.empty)).toBeVisible();
      await expectAccessible(page, `search dialog, no results (${theme})`);
    });

    test('the tools with a result, an inline error and a toast', async ({ page }) => {
      await visit(page, '/docs/api');
      await pickFile(page, images.cat);
      await tool.width(page).fill('120');
      await tool.submit(page, spec.resize.submit).click();
      await expect(tool.downloadLink(page)).toBeVisible();
      await expectAccessible(page, `resize result (${theme})`);

      await visit(page, '/docs/api/image-base64');
      await pickFile(page, images.tiny);
      await tool.submit(page, spec.base64.submit).click();
      await expect(page.getByRole('region', { name: 'Result' })).toBeVisible();
      await expectAccessible(page, `base64 result (${theme})`);

      await visit(page, '/docs/api/thumbnail-generator');
      await tool.submit(page, spec.thumbnail.submit).click();
      await ui
        .fileInput(page)
        .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await expect(page.getByText(spec.upload.invalid)).toBeVisible();
      await expectAccessible(page, `upload error and toast (${theme})`);
    });

    test('the mobile sheet and header menu at 390px', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(page, '/docs/api/image-base64');
      await ui.sidebarToggle(page).click();
      await expect(ui.mobileSheet(page)).toBeVisible();
      await expectAccessible(page, `mobile sheet (${theme})`);
      await page.keyboard.press('Escape');
      await ui.headerMenuButton(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `header menu (${theme})`);
    });
  });
}
