import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian and Ubuntu install their Chromium here; a system browser wins over the bundled one. */
const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * This machine reaches no network but the package registries: without these flags Chromium keeps
 * trying to reach Google's services in the background (component updates, sync, metrics, safe
 * browsing), which costs time and fills the logs with refused connections.
 */
const offlineFlags = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-breakpad',
  '--no-first-run',
  '--no-default-browser-check',
  '--no-pings',
  '--metrics-recording-only',
];

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

export interface ResolvedChromium {
  executablePath: string;
  source: 'env' | 'system' | '@sparticuz/chromium';
  args: string[];
}

/**
 * Finds the browser for the tests without ever downloading one: CHROMIUM_PATH when set, else the
 * system Chromium, else the Chromium that ships inside the @sparticuz/chromium npm tarball (its first
 * call unpacks it into the temporary directory; later calls reuse the unpacked copy).
 */
export async function resolveChromium(): Promise<ResolvedChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return { executablePath: fromEnv, source: 'env', args: offlineFlags };
  }
  const system = systemChromiumPaths.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: 'system', args: offlineFlags };

  const { default: bundled } = await import('@sparticuz/chromium');
  const executablePath = await bundled.executablePath();
  const kept = bundled.args.filter((flag) => !unwantedBundledFlags.some((re) => re.test(flag)));
  return {
    executablePath,
    source: '@sparticuz/chromium',
    args: [...new Set([...kept, ...offlineFlags])],
  };
}

export async function chromiumLaunchOptions(): Promise<LaunchOptions> {
  const chromium = await resolveChromium();
  return { executablePath: chromium.executablePath, args: chromium.args };
}
