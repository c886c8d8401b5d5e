import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FoundChromium, findChromium, offlineFlags } from '@toolkit/chromium';
import { killOnInterrupt } from '../lib/cleanup.js';

export interface RunningChromium {
  executablePath: string;
  source: FoundChromium['source'];
  version: string;
  stop: () => Promise<void>;
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
    ...offlineFlags,
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
  const { executablePath, source } = await findChromium();
  const found = { executablePath, source };
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
