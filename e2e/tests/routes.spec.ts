import { type InputKind, type ToolSpec, tools } from '@toolkit/catalog';
import { expectApiReferenceMatchesOpenApi } from '../support/api-reference.js';
import { spec } from '../support/spec.js';
import { expect, test, visit } from '../support/test.js';
import { tool as toolPage } from '../support/tools.js';
import { escapeRegExp, ui } from '../support/ui.js';

// Every route of the route table renders its page inside the layout (header, main), with the
// footer everywhere except under /docs/api. The 22 documentation pages come from the catalog, with
// nothing written per tool: a live tool's page also has its try-it panel, and its API reference says
// what the served OpenAPI document says (checked on the same page load).

const year = new Date().getFullYear();

test.describe('site pages', () => {
  test('/ renders the home page in the layout, with the footer', async ({ page }) => {
    await visit(page, '/');
    await expect(ui.header(page)).toBeVisible();
    await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText(spec.home.headline);
    await expect(ui.footer(page)).toHaveText(spec.footer(year));
  });

  test('/about renders the about page in the layout, with the footer', async ({ page }) => {
    await visit(page, '/about');
    await expect(ui.header(page)).toBeVisible();
    await expect(ui.main(page).getByRole('heading', { name: spec.about.creatorHeading })).toBeVisible();
    await expect(ui.footer(page)).toHaveText(spec.footer(year));
  });
});

test.describe('documentation pages', () => {
  for (const tool of tools) {
    const live = (tool.status as ToolSpec['status']) === 'live';
    const what = live
      ? 'its try-it panel and an API reference that agrees with the OpenAPI document'
      : 'the placeholder';
    test(`${tool.path} renders "${tool.title}" with its breadcrumb, no footer and ${what}`, async ({
      page,
      request,
    }) => {
      await visit(page, tool.path);
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(tool.title)));
      await expect(ui.header(page)).toBeVisible();
      const main = ui.main(page);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(tool.title);
      await expect(main.getByText(tool.description)).toBeVisible();

      const crumbs = ui.breadcrumb(page);
      await expect(crumbs.getByRole('link', { name: spec.breadcrumb.home })).toHaveAttribute('href', '/');
      await expect(crumbs.getByText(tool.breadcrumb, { exact: true })).toBeVisible();
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(tool.breadcrumb);

      // The footer is shown everywhere except under /docs/api.
      await expect(ui.footer(page)).toHaveCount(0);

      if (!live) {
        await expect(main.getByText(spec.placeholder.title, { exact: true })).toBeVisible();
        await expect(main.getByText(spec.placeholder.body, { exact: true })).toBeVisible();
        await expect(main.getByRole('button', { name: spec.placeholder.button })).toBeDisabled();
      } else {
        // A live tool's page has its try-it panel, whose submit control is there to use.
        await expect(main.getByText(spec.placeholder.title)).toHaveCount(0);
        await expect(toolPage.submitButton(page)).toBeVisible();
        await expect(toolPage.submitButton(page)).toBeEnabled();
        const input = tool.api.input as InputKind;
        if (input.kind !== 'json-or-file') {
          await expect(main.getByText(spec.upload.heading, { exact: true })).toBeVisible();
        }
        await expectApiReferenceMatchesOpenApi(page, request, tool.api.path);
      }
    });
  }

  test('the catalog has the 22 pages of the route table', () => {
    expect(tools).toHaveLength(22);
    expect(new Set(tools.map((t) => t.path)).size).toBe(22);
  });

  test("the breadcrumb names /docs/api/image-base64 'Base64 Encode'", async ({ page }) => {
    await visit(page, '/docs/api/image-base64');
    await expect(ui.breadcrumb(page).locator('[aria-current="page"]')).toHaveText(
      spec.breadcrumb.imageBase64,
    );
  });

  test('breadcrumb Home goes back to the home page', async ({ page }) => {
    await visit(page, '/docs/api/flip-image');
    await ui.breadcrumb(page).getByRole('link', { name: spec.breadcrumb.home }).click();
    await expect(page).toHaveURL('/');
    await expect(ui.main(page).getByRole('heading', { level: 1 })).toHaveText(spec.home.headline);
  });
});

test.describe('paths outside the route table', () => {
  // They are answered 404 (which the browser logs) with the not-found page or the docs layout.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

  test("an unknown docs path shows 'Documentation' in the breadcrumb, inside the docs layout", async ({
    page,
  }) => {
    await visit(page, '/docs/api/no-such-endpoint', 404);
    await expect(ui.header(page)).toBeVisible();
    const crumbs = ui.breadcrumb(page);
    await expect(crumbs.getByRole('link', { name: spec.breadcrumb.home })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(spec.breadcrumb.unknown);
    await expect(ui.sidebar(page)).toBeVisible();
    await expect(ui.footer(page)).toHaveCount(0);
  });

  for (const path of ['/account', '/account/settings']) {
    test(`${path} renders without the header`, async ({ page }) => {
      await visit(page, path, 404);
      // The page itself rendered (body text, hydrated) before we check what is absent.
      await expect(page.locator('body')).not.toBeEmpty();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(ui.header(page)).toHaveCount(0);
    });
  }

  test('before any module script has run, /account paints no header and other unknown paths do', async ({
    page,
  }) => {
    // Only the inline boot script runs (every module is served empty): the page stays the pre-rendered
    // 404 fallback.
    await page.route('**/assets/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/account/settings');
    await expect(page.getByRole('main')).toBeAttached();
    await expect(ui.header(page)).toBeHidden();
    await page.goto('/no-such-page');
    await expect(ui.header(page)).toBeVisible();
  });

  test('other unknown paths (the not-found page) keep the header', async ({ page }) => {
    await visit(page, '/no-such-page', 404);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(ui.header(page)).toBeVisible();
  });
});
