import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { images } from '../support/files.js';
import { horizontalOverflow, scrollsSideways } from '../support/layout.js';
import { spec } from '../support/spec.js';
import { expect, test, visitHydrated } from '../support/test.js';
import { pickFile, tool } from '../support/tools.js';
import { ui } from '../support/ui.js';

// Full-page screenshots of every kind of page, in both themes, at 390px and 1280px, written to
// e2e/screenshots/ (gitignored) for a person to look at. Each one also checks that nothing sticks out
// sideways, so the spec fails on the most common layout bug instead of only taking pictures.

const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

interface View {
  name: string;
  path: string;
  widths?: readonly number[];
  prepare?: (page: Page) => Promise<void>;
}

const views: View[] = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'resize', path: '/docs/api' },
  { name: 'planned-word-counter', path: '/docs/api/word-counter' },
  { name: 'image-base64', path: '/docs/api/image-base64' },
  { name: 'thumbnail', path: '/docs/api/thumbnail-generator' },
  {
    name: 'search-open',
    path: '/docs/api',
    prepare: async (page) => {
      await page.keyboard.press('Control+k');
      await expect(ui.searchDialog(page)).toBeVisible();
    },
  },
  {
    name: 'mobile-sheet-open',
    path: '/docs/api/thumbnail-generator',
    widths: [390],
    prepare: async (page) => {
      await ui.sidebarToggle(page).click();
      await expect(ui.mobileSheet(page)).toBeVisible();
    },
  },
  {
    name: 'header-menu-open',
    path: '/',
    widths: [390],
    prepare: async (page) => {
      await ui.headerMenuButton(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'sidebar-collapsed',
    path: '/docs/api/flip-image',
    widths: [1280],
    prepare: async (page) => {
      await ui.sidebarToggle(page).click();
    },
  },
  {
    name: 'resize-result',
    path: '/docs/api',
    prepare: async (page) => {
      await pickFile(page, images.cat);
      await tool.width(page).fill('200');
      await tool.submit(page, spec.resize.submit).click();
      await expect(tool.downloadLink(page)).toBeVisible();
    },
  },
  {
    name: 'base64-result',
    path: '/docs/api/image-base64',
    prepare: async (page) => {
      await pickFile(page, images.tiny);
      await tool.submit(page, spec.base64.submit).click();
      await expect(tool.main(page).getByRole('button', { name: /copy/i }).first()).toBeVisible();
    },
  },
  {
    name: 'upload-error',
    path: '/docs/api/thumbnail-generator',
    prepare: async (page) => {
      await ui.fileInput(page).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
      await expect(page.getByText(spec.upload.invalid)).toBeVisible();
    },
  },
];

// One test per view and theme takes both widths in the same page: the second load finds the
// scripts in the browser's cache, and the pictures and checks are the same as with a page each.
for (const theme of ['light', 'dark'] as const) {
  for (const view of views) {
    const widths = view.widths ?? [390, 1280];
    const files = widths.map((width) => `${view.name}-${theme}-${width}.png`);
    test(files.join(', '), async ({ page, context, baseURL }) => {
      test.slow(); // a hydrated page load and a full-page picture per width
      await context.addCookies([{ name: spec.theme.cookie, value: theme, url: baseURL ?? '' }]);
      for (const [index, width] of widths.entries()) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        // The picture of the page as it stays, hydrated (a person would not wait: see visit()).
        await visitHydrated(page, view.path);
        await view.prepare?.(page);
        // Images decoded and web fonts in place (hydration already waited for the lazily loaded
        // parts); the screenshot itself finishes animations.
        await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
        await page.evaluate(() => document.fonts.ready);
        // From the top: a sticky header of a scrolled page would be drawn mid-picture.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${outDir}${files[index]}`, fullPage: true, animations: 'disabled' });
        const offenders = await horizontalOverflow(page);
        expect(await scrollsSideways(page), `overflow at ${width}px:\n${offenders.join('\n')}`).toBe(false);
      }
    });
  }
}
