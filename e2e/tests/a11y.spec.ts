import type { Page } from '@playwright/test';
import { tools } from '@toolkit/catalog';
import { formatViolations, seriousViolations } from '../support/axe.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { htmlIsDark, ui } from '../support/ui.js';

// axe-core on every page in both themes: no serious or critical violation.

const paths = ['/', '/about', ...tools.map((t) => t.path), '/docs/api/no-such-endpoint'];
const themes = ['light', 'dark'] as const;

test.use({ bypassCSP: true });

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${what}:\n${formatViolations(violations)}`).toEqual([]);
}

for (const theme of themes) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: spec.theme.cookie, value: theme, url: baseURL ?? '' }]);
    });

    for (const path of paths) {
      test(`${path}`, async ({ page }) => {
        await visit(page, path);
        expect(await htmlIsDark(page)).toBe(theme === 'dark');
        await expectAccessible(page, `${path} (${theme})`);
      });
    }

    test('the search dialog, open', async ({ page }) => {
      await visit(page, '/docs/api');
      await page.keyboard.press('Control+k');
      await expect(ui.searchDialog(page)).toBeVisible();
      await expectAccessible(page, `search dialog (${theme})`);
      await ui.searchInput(page).fill('zzqx');
      await expect(page.getByText(spec.search.empty)).toBeVisible();
      await expectAccessible(page, `search dialog, no results (${theme})`);
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
