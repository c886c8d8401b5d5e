import type { LaunchOptions } from '@playwright/test';
import { findChromium, offlineFlags } from '@toolkit/chromium';

/**
 * Flags of @sparticuz/chromium (made for AWS Lambda) that must not reach our tests:
 * --single-process breaks every test that opens more than one page; Playwright passes its own
 * --headless; the security relaxations would hide CORS or CSP bugs of the product; and a second
 * --disable-features/--enable-features would replace Playwright's own list instead of adding to it.
 * Its graphics flags route compositing through SwiftShader's software GL (for WebGL on Lambda): on
 * two cores that turns a dialog's closing animation into seconds. The site uses no WebGL.
 */
const unwantedBundledFlags = [
  /^--single-process$/,
  /^--headless/,
  /^--disable-web-security$/,
  /^--allow-running-insecure-content$/,
  /^--disable-site-isolation-trials$/,
  /^--(disable|enable)-features=/,
  /^--use-gl=/,
  /^--use-angle=/,
  /^--enable-unsafe-swiftshader$/,
  /^--ignore-gpu-blocklist$/,
  /^--in-process-gpu$/,
];

/** Playwright's launch options: the found browser, with the offline flags and the useful bundled ones. */
export async function chromiumLaunchOptions(): Promise<LaunchOptions> {
  const chromium = await findChromium();
  const kept = chromium.bundledArgs.filter((flag) => !unwantedBundledFlags.some((re) => re.test(flag)));
  return { executablePath: chromium.executablePath, args: [...new Set([...kept, ...offlineFlags])] };
}
