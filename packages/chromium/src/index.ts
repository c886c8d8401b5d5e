import { existsSync } from 'node:fs';

/** Debian and Ubuntu install their Chromium here; a system browser wins over the bundled one. */
const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * This machine reaches no network but the package registries: without these flags Chromium keeps
 * trying to reach Google's services in the background (component updates, sync, metrics, safe
 * browsing), which costs time, fills the logs with refused connections and disturbs measurements.
 */
export const offlineFlags: readonly string[] = [
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

export interface FoundChromium {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
  /** The flags the bundled browser's package recommends (for AWS Lambda); empty for other sources. */
  bundledArgs: readonly string[];
}

/**
 * The browser to drive, never downloaded: CHROMIUM_PATH when set, else the system Chromium, else the
 * Chromium inside the @sparticuz/chromium npm tarball (the first call unpacks it into the temporary
 * directory; later calls reuse the unpacked copy).
 */
export async function findChromium(): Promise<FoundChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH', bundledArgs: [] };
  }
  const system = systemChromiumPaths.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: 'system', bundledArgs: [] };

  const { default: bundled } = await import('@sparticuz/chromium');
  return {
    executablePath: await bundled.executablePath(),
    source: '@sparticuz/chromium',
    bundledArgs: bundled.args,
  };
}
