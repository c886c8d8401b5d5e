import { test as base, expect, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the pre-rendered page. React tags every element it owns with its
 * fiber once hydrated. React Router renders <html> itself, so the tag there means the shell is done;
 * parts inside Suspense boundaries (the lazily loaded try-it panels) hydrate later, so every control
 * must carry the tag too. One more task lets the effects that install listeners run.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const hydrated = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
    const controls = document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]');
    return hydrated(document.documentElement) && Array.from(controls).every(hydrated);
  });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Opens a page of the product and waits until it is interactive. Pages of the route table answer
 * 200; a path outside it is expected to answer 404 with the not-found page.
 */
export async function visit(page: Page, path: string, expectedStatus = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(expectedStatus);
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
