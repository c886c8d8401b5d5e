import { test as base, expect, type Page } from '@playwright/test';

/** How long `waitForHydration` waits: held-back scripts and a throttled CPU are slow on a busy machine. */
export const HYDRATION_TIMEOUT_MS = 30_000;

/**
 * Waits until React has hydrated the whole page and carried out what was done before (the boot
 * script's replay, apps/web/app/lib/early-actions.ts). Only for tests that measure something after
 * hydration: a person does not wait for it, and neither do the other tests (see `visit`).
 *
 * The root layout marks <html data-hydrated> when its effects have run, and every lazily hydrated part
 * marks its [data-hydration-boundary] wrapper the same way; <html data-early-pending> is there while
 * replayed actions wait. React also tags every element it owns with its fiber, so every control must
 * carry the tag too. Held-back scripts and a throttled CPU (support/early.ts) make this slow on a busy
 * machine, hence the long timeout. One more task lets the effects that the replay caused run.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.documentElement;
      const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
      // Radix adds its focus guards (tabindex spans) itself, outside React, while a dialog is open.
      const controls = document.querySelectorAll(
        'a[href], button, input, select, textarea, [tabindex]:not([data-radix-focus-guard])',
      );
      const boundaries = document.querySelectorAll('[data-hydration-boundary]');
      return (
        root.hasAttribute('data-hydrated') &&
        !root.hasAttribute('data-early-pending') &&
        Array.from(boundaries).every((b) => b.hasAttribute('data-hydrated')) &&
        Array.from(controls).every(hydrated)
      );
    },
    undefined,
    { timeout: HYDRATION_TIMEOUT_MS },
  );
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Opens a page of the product. It returns as soon as the HTML has loaded, without waiting for
 * React: the tests act at once, as a person would, and the boot script carries out what they do
 * before hydration. Pages of the route table answer 200; a path outside it is expected to answer
 * 404 with the not-found page.
 */
export async function visit(page: Page, path: string, expectedStatus = 200): Promise<void> {
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(response?.status(), `GET ${path}`).toBe(expectedStatus);
}

/** `visit`, then wait for hydration: for tests that measure the hydrated page (see waitForHydration). */
export async function visitHydrated(page: Page, path: string, expectedStatus = 200): Promise<void> {
  await visit(page, path, expectedStatus);
  await waitForHydration(page);
}

interface Options {
  /** Console errors a test provokes on purpose (an HTTP error the test itself mocks, say). */
  allowedConsoleErrors: RegExp[];
}

/**
 * Every test fails if the page logs an error or throws: hydration mismatches, failed assets and
 * uncaught exceptions are product bugs even when the visible result looks right.
 */
export const test = base.extend<Options & { consoleGuard: undefined }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (allowedConsoleErrors.some((re) => re.test(text))) return;
        problems.push(`console.error: ${text} (${message.location().url})`);
      });
      await use(undefined);
      expect(problems, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
