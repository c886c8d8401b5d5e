import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { ui } from '../support/ui.js';

// Header: logo, Home/API/About (a dropdown menu on small screens), the 'Search documentation...'
// button on wide screens only, a GitHub link and the theme toggle.

const targets: Record<string, string> = { Home: '/', API: '/docs/api', About: '/about' };

test.describe('wide screens (1280px)', () => {
  test('shows the logo, Home/API/About links, search button, GitHub link and theme toggle', async ({
    page,
  }) => {
    await visit(page, '/about');
    const header = ui.header(page);
    await expect(header.getByRole('link', { name: /toolkit/i }).first()).toHaveAttribute('href', '/');
    for (const name of spec.header.links) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        targets[name] ?? '',
      );
    }
    await expect(ui.headerMenuButton(page)).toBeHidden();
    await expect(ui.searchButton(page)).toBeVisible();
    await expect(ui.themeToggle(page)).toBeVisible();
    const github = ui.githubLink(page);
    await expect(github).toHaveAttribute('href', /^https:\/\/github\.com\//);
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(github).toHaveAttribute('rel', /noopener|noreferrer/);
  });

  // Each link on a freshly loaded page, in one test (the later loads find the scripts cached).
  test('the Home, API and About links navigate to /, /docs/api and /about', async ({ page }) => {
    test.slow(); // three page loads
    for (const name of spec.header.links) {
      await visit(page, name === 'Home' ? '/about' : '/');
      await ui.header(page).getByRole('link', { name, exact: true }).click();
      await expect(page, `the ${name} link`).toHaveURL(targets[name] ?? '');
    }
  });
});

test.describe('small screens (390px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the links move into a dropdown menu and the search button is hidden', async ({ page }) => {
    await visit(page, '/');
    const header = ui.header(page);
    for (const name of spec.header.links) {
      await expect(header.getByRole('link', { name, exact: true })).toBeHidden();
    }
    await expect(ui.searchButton(page)).toBeHidden();
    await expect(ui.themeToggle(page)).toBeVisible();

    await ui.headerMenuButton(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([...spec.header.links]);
    await menu.getByRole('menuitem', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(menu).toBeHidden();
  });

  test('the menu opens from the keyboard and closes with Escape', async ({ page }) => {
    await visit(page, '/about');
    await ui.headerMenuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(ui.headerMenuButton(page)).toBeFocused();
  });
});

test.describe('footer', () => {
  const year = new Date().getFullYear();
  test(`/ and /about show 'Built by ... © ${year} All rights reserved.'`, async ({ page }) => {
    for (const path of ['/', '/about']) {
      await visit(page, path);
      await expect(ui.footer(page), path).toHaveText(spec.footer(year));
    }
  });
  test('/docs/api and /docs/api/pdf-to-text have no footer', async ({ page }) => {
    for (const path of ['/docs/api', '/docs/api/pdf-to-text']) {
      await visit(page, path);
      await expect(ui.main(page)).toBeVisible();
      await expect(ui.footer(page), path).toHaveCount(0);
    }
  });
});
