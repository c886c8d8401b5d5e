import type { Page } from '@playwright/test';

export interface Timing {
  /** When the trigger event first fired, in the page's clock (ms). */
  start?: number;
  /** When an element matching the watched selector first appeared after that. */
  shown?: number;
  /** When it was gone again. */
  hidden?: number;
}

/**
 * Measures a UI delay in the page's own clock, so a busy test runner cannot stretch or shrink it.
 * The first `event` on an element inside `target` starts the clock (listened for on the document,
 * so an element that React replaces meanwhile still counts); a MutationObserver then notes when an
 * element matching `watch` appears and when it is gone again.
 */
export async function recordTiming(
  page: Page,
  options: { event: string; target: string; watch: string },
): Promise<void> {
  await page.evaluate(({ event, target, watch }) => {
    const timing: { start?: number; shown?: number; hidden?: number } = {};
    Object.assign(window, { __timing: timing });
    const check = () => {
      if (timing.start === undefined) return;
      const present = document.querySelector(watch) !== null;
      if (present && timing.shown === undefined) timing.shown = performance.now();
      if (!present && timing.shown !== undefined && timing.hidden === undefined) {
        timing.hidden = performance.now();
      }
    };
    document.addEventListener(
      event,
      (e) => {
        if (!(e.target instanceof Element) || !e.target.closest(target)) return;
        timing.start ??= performance.now();
        check();
      },
      { capture: true },
    );
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, options);
}

export async function readTiming(page: Page): Promise<Timing> {
  return page.evaluate(() => (window as unknown as { __timing: Timing }).__timing);
}
