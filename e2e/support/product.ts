import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so the suite works from any working directory. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** What `npm run build` at the root writes: the pre-rendered site and the server bundle. */
const buildOutputs = ['apps/web/build/client', 'apps/api/dist/server.js'];

/** What those outputs are built from. A change in any of them means the build is out of date. */
const buildSources = [
  'package.json',
  'packages/catalog/src',
  'packages/catalog/package.json',
  'apps/web/app',
  'apps/web/public',
  'apps/web/build-tools',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/api/src',
  'apps/api/package.json',
  'apps/api/build.mjs',
];

const skippedDirs = new Set(['node_modules', 'build', 'dist', '.react-router']);

/** Newest and oldest modification times of the files under a path (a file or a folder). */
function mtimeRange(path: string): { newest: number; oldest: number } | undefined {
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  if (!stat.isDirectory()) return { newest: stat.mtimeMs, oldest: stat.mtimeMs };
  let range: { newest: number; oldest: number } | undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && skippedDirs.has(entry.name)) continue;
    const inner = mtimeRange(join(path, entry.name));
    if (!inner) continue;
    range = range
      ? { newest: Math.max(range.newest, inner.newest), oldest: Math.min(range.oldest, inner.oldest) }
      : inner;
  }
  return range;
}

/** Why the product must be built before testing, or undefined when the build is current. */
export function buildStaleReason(): string | undefined {
  let builtAt = Number.POSITIVE_INFINITY;
  for (const output of buildOutputs) {
    // A folder counts as built when its newest file was written: the build rewrites all of them.
    const range = mtimeRange(join(repoRoot, output));
    if (!range) return `${output} is missing`;
    builtAt = Math.min(builtAt, range.newest);
  }
  for (const source of buildSources) {
    const range = mtimeRange(join(repoRoot, source));
    if (range && range.newest > builtAt) return `${source} changed after the last build`;
  }
  return undefined;
}

/** Runs the root build when its output is missing or older than its sources. */
export function ensureBuilt(): void {
  const reason = buildStaleReason();
  if (!reason) return;
  console.log(`[e2e] building the product (${reason}): npm run build`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status}).`);
}

/** Our port range is 3300-3399; the first free port is used so two runs can share the machine. */
export async function findFreePort(from = 3300, to = 3399): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${from} and ${to}.`);
}

export interface RunningProduct {
  baseURL: string;
  stop(): Promise<void>;
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      const res = await fetch(`${baseURL}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`GET ${baseURL}/api/v1/health did not answer 200 within ${timeoutMs} ms.`);
}

/**
 * Starts the built server (`node apps/api/dist/server.js`) the way `npm start` does, on loopback,
 * with the per-IP rate limit raised: the whole suite comes from one address and would otherwise be
 * throttled like a single abusive client. Its log goes to e2e/product-server.log.
 */
export async function startProduct(port: number, env: Record<string, string> = {}): Promise<RunningProduct> {
  const baseURL = `http://127.0.0.1:${port}`;
  // A second server started by a test (other settings) logs beside the suite's own.
  const logName = Object.keys(env).length > 0 ? `product-server-${port}.log` : 'product-server.log';
  const logPath = fileURLToPath(new URL(`../${logName}`, import.meta.url));
  const log = createWriteStream(logPath);
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // Every browser of the run is one address: like the rate limit, the per-client share of upload
      // slots is raised, or two workers' uploads queue behind each other's slow conversions.
      UPLOADS_PER_CLIENT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  // If the test runner dies without its teardown, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    log.end();
  };

  try {
    await waitForHealth(baseURL, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message} See ${logPath}.`);
  }
  return { baseURL, stop };
}
