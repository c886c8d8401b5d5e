import type { BrowserContext, Cookie } from '@playwright/test';
import { expect } from './test.js';

/**
 * The cookie `name` once the browser's cookie store holds `value` for it. A page's `document.cookie`
 * write reaches that store (the one `context.cookies()` reads) over IPC a moment after the page itself
 * sees it, so a read made at once can still miss it (microsoft/playwright#2333); this polls, within
 * the usual expect timeout, and fails with the value it last found.
 */
export async function storedCookie(context: BrowserContext, name: string, value: string): Promise<Cookie> {
  let found: Cookie | undefined;
  await expect
    .poll(
      async () => {
        found = (await context.cookies()).find((c) => c.name === name);
        return found?.value;
      },
      { message: `the ${name} cookie in the browser's store` },
    )
    .toBe(value);
  return found as Cookie;
}
