import type { Page } from '@playwright/test';

/**
 * Elements that stick out past the right edge of the viewport (the cause of a sideways scroll on a
 * phone), described by tag, classes and text so a report can name them. Children of an element
 * that scrolls or clips horizontally on its own (a code block) do not count.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflowX = getComputedStyle(p).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= limit + 1) continue;
      if (getComputedStyle(el).position === 'fixed' || clipped(el)) continue;
      const text = (el.textContent ?? '').trim().slice(0, 40);
      offenders.push(
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> right=${Math.round(rect.right)} "${text}"`,
      );
    }
    return offenders.slice(0, 10);
  });
}

/** True when the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
