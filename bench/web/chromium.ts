import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killOnInterrupt } from '../lib/cleanup.js';

export interface RunningChromium {
  executablePath: string;
  source: 'system' | '@sparticuz/chromium';
  version: string;
  stop: () => Promise<void>;
}

/** The system Chromium when Debian's package is installed, else the one inside @sparticuz/chromium. */
async function findChromium(): Promise<Pick<RunningChromium, 'executablePath' | 'source'>> {
  for (const path of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(path)) return { executablePath: path, source: 'system' };
  }
  const { default: bundled } = await import('@sparticuz/chromium');
  // The first call unpacks the browser from the npm tarball into the temporary directory; no download.
  return { executablePath: await bundled.executablePath(), source: '@sparticuz/chromium' };
}

/**
 * Our own flags rather than @sparticuz's Lambda list: a normal multi-process browser (no
 * --single-process, which skews timings), with its security features on so Best Practices is judged
 * as a visitor's browser would, and no background networking (this machine's network is closed, and
 * background traffic would disturb the measurements).
 */
function chromiumFlags(debuggingPort: number, profileDir: string): string[] {
  return [
    '--headless',
    `--remote-debugging-port=${debuggingPort}`,
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profileDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
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
    '--mute-audio',
    'about:blank',
  ];
}

async function waitForDevTools(port: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return ((await response.json()) as { Browser?: string }).Browser ?? 'unknown';
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Chromium did not open its debugging port ${port} within ${timeoutMs} ms.`);
}

/** Launches headless Chromium with a remote debugging port for Lighthouse to drive. */
export async function launchChromium(debuggingPort: number): Promise<RunningChromium> {
  const found = await findChromium();
  const profileDir = await mkdtemp(join(tmpdir(), 'bench-chromium-'));
  const child = spawn(found.executablePath, chromiumFlags(debuggingPort, profileDir), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const forget = killOnInterrupt(child);
  const stop = async (): Promise<void> => {
    forget();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(profileDir, { recursive: true, force: true });
  };
  try {
    const version = await waitForDevTools(debuggingPort, 30_000);
    return { ...found, version, stop };
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  }
}
