import type { Page } from '@playwright/test';
import { storedCookie } from '../support/cookies.js';
import {
  imageTools,
  openEarly,
  repeat,
  repeatForImageTool,
  repeatForTextTool,
  textTools,
} from '../support/early.js';
import { dropFile, images } from '../support/files.js';
import { sidebarCookie } from '../support/sidebar.js';
import { spec } from '../support/spec.js';
import { expect, HYDRATION_TIMEOUT_MS, test } from '../support/test.js';
import { htmlIsDark, ui } from '../support/ui.js';

// No dead clicks (issue 7): what a visitor does in the pre-rendered page before React has attached
// happens, exactly once, when the scripts arrive. Each test opens the page with every script held
// back and the CPU throttled (support/early.ts), acts the moment its control is visible, checks that
// nothing is lost or done twice once the scripts are let through, and repeats that `earlyLoops` times.

const darkClass = new RegExp(`(^|\\s)${spec.theme.darkClass}(\\s|$)`);

const themeCookieIs = (page: Page, value: string) => storedCookie(page.context(), spec.theme.cookie, value);
const sidebarCookieIs = (page: Page, value: string) =>
  storedCookie(page.context(), spec.sidebar.cookie, value);

test.describe('wide screens', () => {
  test('the theme toggle switches at once and stores b_theme, once', async ({ page }) => {
    await repeat(page, async () => {
      const early = await openEarly(page, '/');
      await ui.themeToggle(page).click();
      // Plain DOM before hydration: the switch is visible at once, and so is the cookie.
      expect(await htmlIsDark(page)).toBe(true);
      await themeCookieIs(page, 'dark');
      await early.release();
      await expect(page.locator('html')).toHaveClass(darkClass);
      await themeCookieIs(page, 'dark');
      // React agrees with what the boot script did: the next click switches back.
      await ui.themeToggle(page).click();
      await expect(page.locator('html')).not.toHaveClass(darkClass);
      await themeCookieIs(page, 'light');
    });
  });

  for (const how of ['button', 'Control+b'] as const) {
    test(`the sidebar collapses from the ${how} before hydration and stores sidebar_state, once`, async ({
      page,
    }) => {
      await repeat(page, async () => {
        const early = await openEarly(page, '/docs/api');
        const toggle = ui.sidebarToggle(page);
        if (how === 'button') await toggle.click();
        else {
          // Present (the HTML can arrive slowly on a busy machine), as a person would wait to see it.
          await toggle.waitFor();
          await page.keyboard.press(how);
        }
        await expect(page.locator('html')).toHaveAttribute('data-sidebar', 'collapsed');
        await sidebarCookieIs(page, 'false');
        await early.release();
        await expect(page.locator('html')).toHaveAttribute('data-sidebar', 'collapsed');
        await expect(ui.sidebar(page)).toHaveAttribute('data-state', 'collapsed');
        await sidebarCookieIs(page, 'false');
      });
    });
  }

  for (const how of ['button', 'Control+k'] as const) {
    test(`the search dialog opens from the ${how} pressed before hydration, once`, async ({ page }) => {
      await repeat(page, async () => {
        const early = await openEarly(page, '/');
        const button = ui.searchButton(page);
        if (how === 'button') await button.click();
        else {
          await button.waitFor();
          await page.keyboard.press(how);
        }
        await expect(ui.searchDialog(page)).toHaveCount(0);
        await early.release();
        // Ctrl+K toggles: replayed twice, the dialog would be closed again.
        await expect(ui.searchDialog(page)).toBeVisible();
        await expect(ui.searchDialog(page)).toHaveCount(1);
        await expect(ui.searchInput(page)).toBeFocused();
      });
    });
  }
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the header menu opens from a tap before hydration', async ({ page }) => {
    await repeat(page, async () => {
      const early = await openEarly(page, '/');
      const button = ui.headerMenuButton(page);
      await button.click();
      // Waiting, it says so (busy), but it is not disabled.
      await expect(button).toHaveAttribute('aria-busy', 'true');
      await expect(button).toBeEnabled();
      await early.release();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem')).toHaveText([...spec.header.links]);
      await expect(button).not.toHaveAttribute('aria-busy', 'true');
    });
  });

  test('the sidebar sheet opens from a tap on the sidebar toggle before hydration', async ({ page }) => {
    await repeat(page, async () => {
      const early = await openEarly(page, '/docs/api');
      await ui.sidebarToggle(page).click();
      await early.release();
      await expect(ui.mobileSheet(page)).toBeVisible();
      await expect(ui.mobileSheet(page)).toHaveCount(1);
      // The sheet is not the desktop state: nothing collapsed, no cookie written.
      expect(await sidebarCookie(page)).toBeUndefined();
    });
  });

  test('an image chosen before hydration is shown without pushing Submit down', async ({ page }) => {
    // The chosen image appears only once the page hydrates: a visitor reaching for Submit meanwhile
    // must find it where it was.
    await repeat(page, async () => {
      const early = await openEarly(page, '/docs/api/rotate-image');
      const submit = ui.main(page).locator('form button[type="submit"]');
      const chooser = page.waitForEvent('filechooser');
      await ui.main(page).getByRole('button', { name: spec.upload.select }).click();
      await (await chooser).setFiles(images.webp);
      const before = await submit.boundingBox();
      await early.release();
      const preview = ui.main(page).locator('img[src^="blob:"]');
      await expect(preview).toHaveJSProperty('complete', true);
      expect((await submit.boundingBox())?.y).toBe(before?.y);
    });
  });
});

test('there are image and text tools to test', () => {
  expect(imageTools.length).toBeGreaterThan(0);
  expect(textTools.length).toBeGreaterThan(0);
});

for (const [index, tool] of imageTools.entries()) {
  test.describe(`${tool.title} (${tool.path})`, () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('submit with no image: the toast appears exactly once', async ({ page }) => {
      await repeatForImageTool(page, index, async () => {
        const early = await openEarly(page, tool.path);
        const submit = ui.main(page).locator('form button[type="submit"]');
        await submit.click();
        // A native submission would have reloaded the page with a query string.
        expect(new URL(page.url()).search).toBe('');
        await early.release();
        const toast = ui.toasts(page).filter({ hasText: spec.upload.missing });
        await expect(toast).toHaveCount(1);
        await expect(ui.toasts(page)).toHaveCount(1);
      });
    });

    test("'Select file' opens the picker at once, and the chosen image is shown after hydration", async ({
      page,
    }) => {
      await repeatForImageTool(page, index, async () => {
        const early = await openEarly(page, tool.path);
        const chooser = page.waitForEvent('filechooser');
        await ui.main(page).getByRole('button', { name: spec.upload.select }).click();
        await (await chooser).setFiles(images.webp);
        await early.release();
        await expect(ui.main(page).locator('img[src^="blob:"]')).toHaveCount(1);
        await expect(ui.main(page).getByText('webp_lossless_sample.webp')).toHaveCount(1);
      });
    });

    test('an image dropped on the upload area before hydration is chosen', async ({ page }) => {
      await repeatForImageTool(page, index, async () => {
        const early = await openEarly(page, tool.path);
        await dropFile(page, ui.dropZone(page), images.webp);
        // The browser did not open the file instead of the page.
        expect(new URL(page.url()).pathname).toBe(tool.path);
        await early.release();
        await expect(ui.main(page).locator('img[src^="blob:"]')).toHaveCount(1);
        await expect(ui.main(page).getByText('webp_lossless_sample.webp')).toHaveCount(1);
      });
    });

    test('a code sample tab chosen before hydration is selected (Radix tabs act on the press)', async ({
      page,
    }) => {
      await repeatForImageTool(page, index, async () => {
        const early = await openEarly(page, tool.path);
        const tab = ui.main(page).getByRole('tab', { name: 'Python' }).first();
        await tab.click();
        await early.release();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(ui.main(page).getByRole('tabpanel').first()).toContainText('import');
      });
    });

    test('the code sample copy button copies after hydration', async ({ page }) => {
      await repeatForImageTool(page, index, async () => {
        const early = await openEarly(page, tool.path);
        await page.evaluate(() => navigator.clipboard.writeText(''));
        await ui
          .main(page)
          .getByRole('button', { name: /^Copy the .+ sample$/ })
          .first()
          .click();
        await early.release();
        await expect(
          ui
            .main(page)
            .getByRole('status')
            .filter({ hasText: /copied/i }),
        ).toHaveCount(1);
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        // The samples call $BASE (the API's base URL) plus the tool's path.
        expect(copied).toContain(`"$BASE${tool.api.path}"`);
      });
    });
  });
}

for (const [index, { tool, textKey }] of textTools.entries()) {
  test(`${tool.title} (${tool.path}): text typed and sent before hydration is the text sent`, async ({
    page,
  }) => {
    await repeatForTextTool(page, index, async () => {
      const early = await openEarly(page, tool.path);
      const editor = ui.main(page).locator('textarea').first();
      const submit = ui.main(page).locator('form button[type="submit"]');
      // The page streams in slowly: a textarea can be there before its text is. A person reads the form
      // once it is on screen; the submit button comes after the editor, so by then the sample is whole.
      await submit.waitFor();
      // The sample (or a sentence where there is none) and one more line: valid for the tool, and not
      // what the page started with.
      const typed = `${(await editor.inputValue()) || 'Typed before the page was ready.'}\n`;
      await editor.fill(typed);
      // As long as `release` may wait for hydration: the request goes out only after it.
      const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(tool.api.path), {
        timeout: HYDRATION_TIMEOUT_MS,
      });
      await submit.click();
      await early.release();
      const sent = await request;
      expect(sent.postDataJSON()[textKey]).toBe(typed);
      expect((await sent.response())?.status()).toBe(200);
      await expect(editor).toHaveValue(typed);
    });
  });
}

test('text selected before hydration is still selected after it: what is typed next replaces it', async ({
  page,
}) => {
  // Hydrating a textarea sets its value again, which moved the caret to the start: typing over the
  // selected sample as the page came alive put the new text in front of the sample.
  await repeat(page, async () => {
    const early = await openEarly(page, '/docs/api/base64-encode');
    const editor = ui.main(page).getByLabel('Text', { exact: true });
    await ui.main(page).locator('form button[type="submit"]').waitFor();
    await editor.selectText();
    await early.release();
    await page.keyboard.insertText('hi?>');
    await expect(editor).toHaveValue('hi?>');
  });
});
