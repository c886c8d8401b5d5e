import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { killOnInterrupt } from './cleanup.js';
import { launched, launcherVariables } from './launch.js';
import { repoDir, resultsDir, serverEntry, webClientDir } from './paths.js';
import { runCommand } from './run-command.js';

/**
 * Builds the product (`npm run build` at the root) when its output is missing, or always when
 * BENCH_BUILD=1, so the benchmark never measures a stale or absent build by accident.
 */
export async function ensureBuilt(needWebsite: boolean): Promise<void> {
  const missing = !existsSync(serverEntry) || (needWebsite && !existsSync(join(webClientDir, 'index.html')));
  if (!missing && process.env.BENCH_BUILD !== '1') return;
  console.log('Building the product (npm run build)…');
  const build = await runCommand('npm', ['run', 'build'], { cwd: repoDir, inheritOutput: true });
  if (build.code !== 0 || !existsSync(serverEntry)) {
    throw new Error('npm run build failed: the benchmark needs apps/api/dist/server.js.');
  }
}

/**
 * Copies the website build to bench/results/web-snapshot and returns that folder, for the server's
 * WEB_ROOT. Other engineers rebuild apps/web in the same tree while a benchmark runs; a private copy
 * keeps every page and the assets it names consistent for the whole run. A copy taken in the middle
 * of a rebuild (an asset the home page names is missing) is taken again.
 */
export async function snapshotWebBuild(): Promise<string> {
  const target = join(resultsDir, 'web-snapshot');
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await rm(target, { recursive: true, force: true });
    await cp(webClientDir, target, { recursive: true });
    const html = await readFile(join(target, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/["'](\/assets\/[^"'?#]+)/g)].map((m) => m[1] ?? '');
    if (assets.every((asset) => existsSync(join(target, asset)))) return target;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  throw new Error('The website build kept changing while it was copied; run the benchmark again.');
}

export interface RunningServer {
  pid: number;
  origin: string;
  logFile: string;
  stop: () => Promise<void>;
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode} while starting.`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${origin}/api/v1/health within ${timeoutMs} ms.`);
}

/**
 * The environment with HOST pinned to loopback; a variable given as '' is removed (an experiment
 * without it), except one the launcher sets, which it leaves empty when given empty.
 */
function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, HOST: '127.0.0.1' };
  const kept = new Set<string>(launcherVariables);
  for (const [key, value] of Object.entries(out)) if (value === '' && !kept.has(key)) delete out[key];
  return out;
}

/**
 * Starts `apps/api/dist/server.js` as `npm start` does, on a port of the benchmark's range, with
 * extra environment (raised rate limits and so on) and Node flags (--cpu-prof). Its logs go straight to a file, so the benchmark spends no CPU on them.
 */
export async function startServer(
  name: string,
  port: number,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: readonly string[] } = {},
): Promise<RunningServer> {
  await mkdir(resultsDir, { recursive: true });
  const logFile = join(resultsDir, `${name}-server.log`);
  const log = openSync(logFile, 'w');
  // Through npm start's launcher (it execs node: the pid is the server's).
  const [command, args] = launched([...nodeArgs, serverEntry]);
  const child = spawn(command, args, {
    cwd: repoDir,
    env: serverEnv({ ...process.env, NODE_ENV: 'production', ...env, PORT: String(port) }),
    stdio: ['ignore', log, log],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const forget = killOnInterrupt(child);
  const stop = async (): Promise<void> => {
    forget();
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(origin, child, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('The server process has no pid.');
  return { pid: child.pid, origin, logFile, stop };
}
