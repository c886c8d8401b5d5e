import type { Locator, Page } from '@playwright/test';
import { spec } from './spec.js';

/**
 * The part of a box that is on screen, horizontally: an off-canvas sidebar slides out of view, an
 * icon-only one shrinks, and both are measured the same way.
 */
export async function visibleWidth(page: Page, locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return 0;
  return Math.max(0, Math.min(box.x + box.width, viewport.width) - Math.max(box.x, 0));
}

/**
 * The sidebar's links grouped under the group heading that precedes them in document order, so the
 * test does not depend on how the groups are nested.
 */
export async function sidebarGroups(sidebar: Locator): Promise<{ title: string; links: string[] }[]> {
  const titles: string[] = spec.sidebar.groups.map((g) => g.title);
  return sidebar.evaluate((root, groupTitles) => {
    const groups: { title: string; links: string[] }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node as HTMLElement;
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (element.tagName === 'A') {
        groups.at(-1)?.links.push(text);
      } else if (groupTitles.includes(text) && element.children.length === 0) {
        groups.push({ title: text, links: [] });
      }
    }
    return groups;
  }, titles);
}

export async function sidebarCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === spec.sidebar.cookie);
}
