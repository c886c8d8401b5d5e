import { toolGroups, tools } from '@toolkit/catalog';
import { storedCookie } from '../support/cookies.js';
import { sidebarGroups, visibleWidth } from '../support/sidebar.js';
import { spec } from '../support/spec.js';
import { expect, test, visit, waitForHydration } from '../support/test.js';
import { ui } from '../support/ui.js';

// Docs sidebar: 'Documentation' and 'v1.0.0', six groups with 8/1/3/7/1/2 pages; a toggle button and
// Ctrl/Cmd+B collapse and expand it; the state is kept in the sidebar_state cookie for 7 days; on
// narrow screens it opens as an 18rem sheet.

const expanded = async (page: import('@playwright/test').Page) =>
  (await visibleWidth(page, ui.sidebar(page))) >= spec.sidebar.desktopWidthPx - 2;

test.describe('desktop sidebar', () => {
  test("shows 'Documentation', 'v1.0.0' and the six groups with their pages", async ({ page }) => {
    await visit(page, '/docs/api');
    const sidebar = ui.sidebar(page);
    await expect(sidebar.getByText(spec.sidebar.title, { exact: true })).toBeVisible();
    await expect(sidebar.getByText(spec.sidebar.version, { exact: true })).toBeVisible();
    expect(Math.round(await visibleWidth(page, sidebar))).toBe(spec.sidebar.desktopWidthPx);

    const groups = await sidebarGroups(sidebar);
    expect(groups.map((g) => [g.title, g.links.length])).toEqual(
      spec.sidebar.groups.map((g) => [g.title, g.count]),
    );
    // The same pages, in the same order, as the catalog.
    expect(groups.map((g) => g.links)).toEqual(toolGroups.map((g) => g.tools.map((t) => t.title)));
  });

  test('every sidebar link goes to its page and marks it current', async ({ page }) => {
    await visit(page, '/docs/api');
    for (const tool of [tools[5], tools[13], tools[21]]) {
      if (!tool) continue;
      await ui.sidebar(page).getByRole('link', { name: tool.title, exact: true }).click();
      await expect(page).toHaveURL(tool.path);
      await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText(tool.title);
      await expect(ui.sidebar(page).getByRole('link', { name: tool.title, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('the toggle button collapses and expands it, stored in sidebar_state for 7 days', async ({ page }) => {
    await visit(page, '/docs/api');
    expect(await expanded(page)).toBe(true);

    await ui.sidebarToggle(page).click();
    // Collapsed, it keeps a 3rem column of icons.
    await expect
      .poll(async () => Math.round(await visibleWidth(page, ui.sidebar(page))))
      .toBe(spec.sidebar.iconWidthPx);
    const cookie = await storedCookie(page.context(), spec.sidebar.cookie, 'false');
    expect(cookie.path).toBe('/');
    const lifetime = cookie.expires - Date.now() / 1000;
    expect(Math.abs(lifetime - spec.sidebar.cookieMaxAgeSeconds)).toBeLessThan(120);

    await ui.sidebarToggle(page).click();
    await expect.poll(() => expanded(page)).toBe(true);
    await storedCookie(page.context(), spec.sidebar.cookie, 'true');
  });

  test('a collapsed sidebar stays collapsed after a reload and on other docs pages', async ({ page }) => {
    await visit(page, '/docs/api');
    await ui.sidebarToggle(page).click();
    await expect.poll(() => expanded(page)).toBe(false);
    await page.reload();
    await waitForHydration(page);
    expect(await expanded(page)).toBe(false);
    await visit(page, '/docs/api/word-counter');
    expect(await expanded(page)).toBe(false);
  });

  test('a stored collapsed state is on screen from the first frame (no flash open)', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: spec.sidebar.cookie, value: 'false', url: baseURL ?? '' }]);
    const page = await context.newPage();
    // The width of the sidebar landmark at every animation frame, from the first painted one.
    await page.addInitScript(() => {
      const widths: number[] = [];
      Object.assign(window, { __sidebarWidths: widths });
      const tick = () => {
        const aside = document.querySelector('aside');
        if (aside) widths.push(Math.round(aside.getBoundingClientRect().width));
        if (widths.length < 30) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto('/docs/api/flip-image');
    await waitForHydration(page);
    const widths = await page.evaluate(
      () => (window as unknown as { __sidebarWidths: number[] }).__sidebarWidths,
    );
    expect(widths.length).toBeGreaterThan(0);
    expect(
      widths.every((w) => w === spec.sidebar.iconWidthPx),
      `widths per frame: ${widths.join(',')}`,
    ).toBe(true);
    await context.close();
  });

  test('Control+b and Meta+b each toggle the sidebar', async ({ page }) => {
    await visit(page, '/docs/api/rotate-image');
    for (const shortcut of ['Control+b', 'Meta+b']) {
      await page.keyboard.press(shortcut);
      await expect.poll(() => expanded(page), shortcut).toBe(false);
      await storedCookie(page.context(), spec.sidebar.cookie, 'false');
      await page.keyboard.press(shortcut);
      await expect.poll(() => expanded(page), shortcut).toBe(true);
      await storedCookie(page.context(), spec.sidebar.cookie, 'true');
    }
  });

  test('the content column is at most 5xl (64rem) wide', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await visit(page, '/docs/api/flip-image');
    // A heading is a block: it spans its column, so its width is the column's content width.
    const box = await ui.main(page).getByRole('heading', { level: 1 }).boundingBox();
    const width = box?.width ?? Number.POSITIVE_INFINITY;
    expect(width).toBeLessThanOrEqual(1024);
  });
});

test.describe('the 768px breakpoint', () => {
  test('at 767px the sidebar is a sheet; at 768px it is beside the content', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 900 });
    await visit(page, '/docs/api');
    await expect(ui.sidebar(page)).toBeHidden();
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(ui.sidebar(page)).toBeVisible();
    await expect
      .poll(async () => Math.round(await visibleWidth(page, ui.sidebar(page))))
      .toBe(spec.sidebar.desktopWidthPx);
  });
});

test.describe('mobile sheet (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the sidebar is hidden until the toggle opens it as an 18rem sheet; a link in it navigates to its page', async ({
    page,
  }) => {
    await visit(page, '/docs/api');
    await expect(ui.mobileSheet(page)).toHaveCount(0);
    await ui.sidebarToggle(page).click();
    const sheet = ui.mobileSheet(page);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText(spec.sidebar.version, { exact: true })).toBeVisible();
    await expect
      .poll(async () => Math.round(await visibleWidth(page, sheet)))
      .toBe(spec.sidebar.sheetWidthPx);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    await ui.sidebarToggle(page).click();
    await ui.mobileSheet(page).getByRole('link', { name: 'Word Counter', exact: true }).click();
    await expect(page).toHaveURL('/docs/api/word-counter');
    await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText('Word Counter');
  });

  test('a sidebar collapsed on a wide screen still opens as a full sheet on a narrow one', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: spec.sidebar.cookie, value: 'false', url: baseURL ?? '' }]);
    await visit(page, '/docs/api');
    await ui.sidebarToggle(page).click();
    const sheet = ui.mobileSheet(page);
    await expect(sheet).toBeVisible();
    // Texts hidden for the icon-only sidebar are 1 px wide (sr-only): every one must be laid out in full.
    const texts = [
      spec.sidebar.title,
      spec.sidebar.version,
      ...spec.sidebar.groups.map((group) => group.title),
      'Word Counter',
    ];
    for (const text of texts) {
      const box = await sheet.getByText(text, { exact: true }).first().boundingBox();
      expect(box?.width ?? 0, text).toBeGreaterThan(20);
    }
    await expect
      .poll(async () => Math.round(await visibleWidth(page, sheet)))
      .toBe(spec.sidebar.sheetWidthPx);
  });

  test('Ctrl+B opens and closes the sheet', async ({ page }) => {
    await visit(page, '/docs/api/flip-image');
    await page.keyboard.press('Control+b');
    await expect(ui.mobileSheet(page)).toBeVisible();
    await page.keyboard.press('Control+b');
    await expect(ui.mobileSheet(page)).toBeHidden();
  });
});
