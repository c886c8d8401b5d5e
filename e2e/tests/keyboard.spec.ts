import type { Page } from '@playwright/test';
import { expect, test, visit } from '../support/test.js';

// Keyboard users see where they are: every control reached with Tab shows a focus indicator (an
// outline, or a ring drawn as a box-shadow with a spread; a soft drop shadow does not count).

/** Walks the page with Tab and names each focused control that draws no focus indicator. */
async function focusWithoutIndicator(page: Page, steps: number): Promise<string[]> {
  const missing = new Set<string>();
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Tab');
    // Rings often fade in (a box-shadow transition): judge the settled style.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    const problem = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      // Layers look like 'rgb(1, 2, 3) 0px 0px 0px 3px'; a ring has a spread and a visible colour.
      const layers = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
      const ring = layers.some((layer) => {
        const lengths = layer.match(/-?[\d.]+px/g) ?? [];
        const spread = Number.parseFloat(lengths[3] ?? '0');
        const transparent = /rgba\([^)]*,\s*0\)|transparent/.test(layer);
        return spread > 0 && !transparent;
      });
      if (outline || ring) return null;
      const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}> "${name}"`;
    });
    if (problem) missing.add(problem);
  }
  return [...missing];
}

const pages = [
  { path: '/', steps: 30 },
  { path: '/about', steps: 20 },
  { path: '/docs/api', steps: 60 },
  { path: '/docs/api/image-base64', steps: 60 },
  { path: '/docs/api/thumbnail-generator', steps: 60 },
];

for (const { path, steps } of pages) {
  test(`${path}: every control reached with Tab shows a focus indicator`, async ({ page }) => {
    await visit(page, path);
    const missing = await focusWithoutIndicator(page, steps);
    expect(missing, 'focused without a visible indicator').toEqual([]);
  });
}
