import type { BrowserContext, Page } from '@playwright/test';
import { storedCookie } from '../support/cookies.js';
import { spec } from '../support/spec.js';
import { expect, test, visit, waitForHydration } from '../support/test.js';
import { backgroundLightness, htmlIsDark, ui } from '../support/ui.js';

// Theme: a toggle in the header sets the `dark` class on <html> and stores the choice in the b_theme
// cookie (path /). The first paint already has the right theme: from the cookie, else the system
// preference, else light.

async function setThemeCookie(context: BrowserContext, baseURL: string | undefined, value: string) {
  await context.addCookies([{ name: spec.theme.cookie, value, url: baseURL ?? '' }]);
}

/**
 * Records the `dark` class at every animation frame from the very first one, which Chromium runs
 * only once the document can be painted: a flash of the wrong theme shows up as a wrong frame.
 */
async function recordThemeFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: boolean[] = [];
    Object.assign(window, { __themeFrames: frames });
    const tick = () => {
      frames.push(document.documentElement?.classList.contains('dark') ?? false);
      if (frames.length < 60) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function themeFrames(page: Page): Promise<boolean[]> {
  return page.evaluate(() => (window as unknown as { __themeFrames: boolean[] }).__themeFrames);
}

test.describe('theme toggle', () => {
  test('toggles the dark class and stores b_theme with path /, surviving a reload', async ({
    page,
    context,
  }) => {
    await visit(page, '/');
    expect(await htmlIsDark(page)).toBe(false);

    await ui.themeToggle(page).click();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    const cookie = await storedCookie(context, spec.theme.cookie, 'dark');
    expect(cookie.path).toBe(spec.theme.cookiePath);

    await page.reload();
    await waitForHydration(page);
    expect(await htmlIsDark(page)).toBe(true);

    await ui.themeToggle(page).click();
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await storedCookie(context, spec.theme.cookie, 'light');
    await page.reload();
    await waitForHydration(page);
    expect(await htmlIsDark(page)).toBe(false);
  });

  test('the cookie set on a docs page has path / and applies on the home page', async ({ page, context }) => {
    await visit(page, '/docs/api/flip-image');
    await ui.themeToggle(page).click();
    expect((await storedCookie(context, spec.theme.cookie, 'dark')).path).toBe('/');
    await visit(page, '/about');
    expect(await htmlIsDark(page)).toBe(true);
  });

  test('the toggle is a keyboard-operable button', async ({ page }) => {
    await visit(page, '/about');
    await ui.themeToggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.keyboard.press('Space');
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });
});

test.describe('no flash: the first painted frame has the right theme', () => {
  const cases = [
    { name: 'cookie dark, system light', cookie: 'dark', scheme: 'light', dark: true },
    { name: 'cookie light, system dark', cookie: 'light', scheme: 'dark', dark: false },
    { name: 'no cookie, system dark', cookie: undefined, scheme: 'dark', dark: true },
    { name: 'no cookie, system light', cookie: undefined, scheme: 'light', dark: false },
  ] as const;

  // The four cases in one page (the system preference emulated per load), each a fresh load.
  test(
    cases.map((c) => `${c.name} -> ${c.dark ? 'dark' : 'light'}`).join('; '),
    async ({ page, context, baseURL }) => {
      test.slow(); // four hydrated page loads
      await recordThemeFrames(page);
      for (const c of cases) {
        await context.clearCookies({ name: spec.theme.cookie });
        if (c.cookie) await setThemeCookie(context, baseURL, c.cookie);
        await page.emulateMedia({ colorScheme: c.scheme });
        await page.goto('/docs/api');
        await waitForHydration(page);
        const frames = await themeFrames(page);
        expect(frames.length, c.name).toBeGreaterThan(0);
        expect(
          frames.every((dark) => dark === c.dark),
          `${c.name}: dark class per frame: ${frames.join(',')}`,
        ).toBe(true);
      }
    },
  );

  test('the theme is applied before any JavaScript module runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: 'light', baseURL });
    await setThemeCookie(context, baseURL, 'dark');
    const page = await context.newPage();
    // Without its scripts the page cannot hydrate: only what the HTML itself does can set the class.
    await page.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await backgroundLightness(page), 'body background lightness (0-255)').toBeLessThan(80);
    await context.close();
  });
});
