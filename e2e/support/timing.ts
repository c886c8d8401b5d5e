import type { Locator, Page } from '@playwright/test';

export interface Timing {
  /** When the trigger event first fired, in the page's clock (ms). */
  start?: number;
  /** When an element matching the watched selector first appeared after that. */
  shown?: number;
  /** When it was gone again. */
  hidden?: number;
}

/**
 * Measures a UI delay in the page's own clock, so a busy test runner cannot stretch or shrink it:
 * the first `event` on the trigger starts the clock, and a MutationObserver notes when an element
 * matching `selector` appears and then disappears (inside the trigger, or anywhere in the page).
 */
export async function recordTiming(
  trigger: Locator,
  event: string,
  selector: string,
  within: 'trigger' | 'page',
): Promise<void> {
  await trigger.evaluate(
    (element, options) => {
      const timing: { start?: number; shown?: number; hidden?: number } = {};
      Object.assign(window, { __timing: timing });
      const root = options.within === 'trigger' ? element : document.body;
      const check = () => {
        if (timing.start === undefined) return;
        const present = root.querySelector(options.selector) !== null;
        if (present && timing.shown === undefined) timing.shown = performance.now();
        if (!present && timing.shown !== undefined && timing.hidden === undefined) {
          timing.hidden = performance.now();
        }
      };
      element.addEventListener(
        options.event,
        () => {
          timing.start ??= performance.now();
          check();
        },
        { capture: true },
      );
      new MutationObserver(check).observe(root, { subtree: true, childList: true, attributes: true });
    },
    { event, selector, within },
  );
}

export async function readTiming(page: Page): Promise<Timing> {
  return page.evaluate(() => (window as unknown as { __timing: Timing }).__timing);
}
