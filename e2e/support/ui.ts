import type { Locator, Page } from '@playwright/test';
import { spec } from './spec.js';

/**
 * How the tests find things: by ARIA role and accessible name, the way a screen-reader user or a
 * keyboard user would. Kept in one place so a renamed control is fixed once.
 */
export const ui = {
  header: (page: Page) => page.getByRole('banner'),
  footer: (page: Page) => page.getByRole('contentinfo'),
  main: (page: Page) => page.getByRole('main'),
  headerNav: (page: Page) => page.getByRole('banner').getByRole('navigation').first(),
  themeToggle: (page: Page) => page.getByRole('banner').getByRole('button', { name: /theme|dark|light/i }),
  githubLink: (page: Page) => page.getByRole('banner').getByRole('link', { name: /github/i }),
  /** The header's dropdown menu of Home, API and About on small screens. */
  headerMenuButton: (page: Page) => page.getByRole('banner').getByRole('button', { name: /menu/i }),
  searchButton: (page: Page) => page.getByRole('button', { name: spec.search.button }),
  searchDialog: (page: Page) =>
    page.getByRole('dialog').filter({ has: page.getByPlaceholder(spec.search.placeholder) }),
  searchInput: (page: Page) => page.getByPlaceholder(spec.search.placeholder),
  breadcrumb: (page: Page) => page.getByRole('navigation', { name: /breadcrumb/i }),
  sidebarToggle: (page: Page) => page.getByRole('button', { name: /toggle sidebar/i }).first(),
  /** The docs sidebar: the landmark that lists the documentation pages. */
  sidebar: (page: Page) =>
    page
      .locator('[data-sidebar="sidebar"], aside, nav')
      .filter({ hasText: spec.sidebar.version })
      .filter({ hasText: spec.sidebar.groups[0].title })
      .last(),
  mobileSheet: (page: Page) => page.getByRole('dialog').filter({ hasText: spec.sidebar.groups[0].title }),
  toasts: (page: Page) => page.locator('[data-sonner-toast]'),
  dropZone: (page: Page) => page.getByText(spec.upload.heading, { exact: true }),
  fileInput: (page: Page) => page.locator('input[type="file"]'),
  alert: (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text }),
};

/** The `dark` class on <html>, which the whole theme hangs on. */
export async function htmlIsDark(page: Page): Promise<boolean> {
  return page.evaluate((cls) => document.documentElement.classList.contains(cls), spec.theme.darkClass);
}

/** Name of a visible element, normalised (collapsed whitespace), for exact comparisons. */
export async function normalizedText(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Lightness (average RGB channel, 0-255) of the page background: the body's colour, else the
 * root's when the body is transparent. A canvas converts whatever colour syntax the CSS uses.
 */
export async function backgroundLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas.');
    for (const element of [document.body, document.documentElement]) {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      if (a > 0) return (r + g + b) / 3;
    }
    return 255; // Nothing paints a background: the canvas of the page is white.
  });
}

/** A RegExp source that matches `text` literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
