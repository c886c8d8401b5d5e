import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { machineInfo, machineMarkdown } from '../lib/machine.js';
import { repoDir } from '../lib/paths.js';
import { writeRawResults, writeResultsSection } from '../lib/results.js';

/*
 * Jobs across processes, all on loopback (issue 30): nginx in front of 2 HTTP instances
 * (EXECUTION=queue), 2 workers (`npm run worker`), 1 Redis. Phase 1: 500 asynchronous jobs of mixed
 * operations and 200 synchronous requests; midway one worker gets SIGKILL and one HTTP instance
 * SIGTERM. Every job must end `succeeded` with a correct result, none run twice to completion, no
 * synchronous request lost beyond the client's documented retries (network error, 502, 503: up to 5
 * tries). Phase 2: throughput of image jobs with 1 worker and with 2. Run: npm run bench:scale.
 */

const dir = mkdtempSync(join(tmpdir(), 'toolkit-scale-'));
/*
 * Every process is started in a process group of its own and stopped with its whole group: nginx's
 * master forks its workers, and SIGKILL to the master alone left them listening after the run.
 */
const children: ChildProcess[] = [];
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
};
const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};
const cleanup = () => {
  for (const child of children.splice(0)) killGroup(child, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);
// Ctrl-C reaches only this process (the children have groups of their own): stop them too. It runs
// as `node --import tsx` (bench/package.json): tsx's own launcher SIGKILLs a child that does not
// confirm a signal within 60 ms, which a busy machine missed, and then nothing stopped the children.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): ChildProcess {
  const log = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, {
    cwd: repoDir,
    env: { ...process.env, MALLOC_ARENA_MAX: '2', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request with the client's documented retries: network errors, 502 and 503, up to 5 tries. */
async function send(url: string, init: RequestInit): Promise<{ response: Response; tries: number }> {
  for (let tries = 1; ; tries++) {
    const response = await fetch(url, init).catch(() => undefined);
    if (response && response.status !== 502 && response.status !== 503) return { response, tries };
    if (tries >= 5) throw new Error(`${url}: ${response?.status ?? 'network error'} after ${tries} tries`);
    await sleep(500 * tries);
  }
}

interface Case {
  name: string;
  path: string;
  body: () => Promise<{ body: BodyInit; headers: Record<string, string> }>;
  check: (response: Response) => Promise<boolean>;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 50}`).join(' ');
const cases: Case[] = [
  {
    name: 'word count',
    path: '/api/v1/text/word-count',
    body: async () => ({
      body: JSON.stringify({ text: words(300) }),
      headers: { 'content-type': 'application/json' },
    }),
    check: async (r) => ((await r.json()) as { data: { words: number } }).data.words === 300,
  },
  {
    name: 'CSV → JSON',
    path: '/api/v1/data/csv-to-json',
    body: async () => ({
      body: JSON.stringify({
        csv: `a,b\n${Array.from({ length: 200 }, (_, i) => `${i},x${i}`).join('\n')}\n`,
      }),
      headers: { 'content-type': 'application/json' },
    }),
    check: async (r) => {
      const rows = (await r.json()) as { a: number; b: string }[];
      return rows.length === 200 && rows[199]?.a === 199 && rows[199]?.b === 'x199';
    },
  },
  {
    name: 'base64',
    path: '/api/v1/data/base64-encode',
    body: async () => ({
      body: JSON.stringify({ text: words(100) }),
      headers: { 'content-type': 'application/json' },
    }),
    check: async (r) => Buffer.from(await r.text(), 'base64').toString() === words(100),
  },
  {
    name: 'image resize',
    path: '/api/v1/images/resize',
    body: async () => {
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4080c0' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([png], { type: 'image/png' }), 'blue.png');
      form.append('width', '300');
      return { body: form, headers: {} };
    },
    check: async (r) => {
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      return meta.width === 300 && meta.height === 200;
    },
  },
];

async function pool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

interface Cluster {
  base: string;
  workers: ChildProcess[];
  http: ChildProcess[];
  redisPort: number;
}

async function cluster(workerCount: number): Promise<Cluster> {
  const redisPort = await freePort();
  start('redis', 'redis-server', [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await sleep(500);
  const env = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    EXECUTION: 'queue',
    RATE_LIMIT_MAX: '1000000',
    JOB_LOCK_MS: '5000',
    TRUST_PROXY: '1',
    UPLOADS_PER_CLIENT: '10000',
  };
  const ports = [await freePort(), await freePort()];
  const http = ports.map((port, i) =>
    start(`http-${i + 1}`, process.execPath, ['apps/api/dist/server.js'], {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    }),
  );
  const workers = Array.from({ length: workerCount }, (_, i) =>
    start(`worker-${i + 1}`, process.execPath, ['apps/api/dist/job-worker.js'], env),
  );
  for (const port of ports) await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
  const proxyPort = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `user root;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
  upstream toolkit { ${ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join(' ')} keepalive 16; }
  server {
    listen 127.0.0.1:${proxyPort};
    client_max_body_size 60m;
    proxy_request_buffering off;
    location / {
      proxy_pass http://toolkit;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_read_timeout 120s;
    }
  }
}
`,
  );
  start('nginx', 'nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;']);
  const base = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${base}/api/v1/health`);
  return { base, workers, http, redisPort };
}

/** Stops every process started so far, each with its group, and checks that none is left. */
async function stopCluster(): Promise<void> {
  const stopping = children.splice(0);
  for (const child of stopping) killGroup(child, 'SIGKILL');
  const until = Date.now() + 10_000;
  let left = stopping.filter((child) => child.pid && groupAlive(child.pid));
  while (left.length > 0 && Date.now() < until) {
    await sleep(100);
    left = left.filter((child) => child.pid && groupAlive(child.pid));
  }
  if (left.length > 0)
    throw new Error(`still running after the stop: ${left.map((c) => c.spawnfile).join(', ')}`);
}

async function jobStatus(base: string, id: string) {
  const { response } = await send(`${base}/api/v1/jobs/${id}`, {});
  return ((await response.json()) as { data: { status: string; resultUrl: string } }).data;
}

async function waitForJobs(base: string, ids: string[], timeoutMs: number) {
  const statuses = new Map<string, string>();
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const open = ids.filter((id) => !['succeeded', 'failed', 'cancelled'].includes(statuses.get(id) ?? ''));
    if (open.length === 0) break;
    await pool(open, 8, async (id) => {
      statuses.set(id, (await jobStatus(base, id)).status);
    });
    await sleep(500);
  }
  return statuses;
}

async function phaseOne() {
  const c = await cluster(2);
  const asyncJobs: { id: string; kase: Case }[] = [];
  const sync = { ok: 0, wrong: 0, lost: 0, retried: 0 };
  let submitted = 0;
  let disrupted = false;
  const disrupt = () => {
    if (disrupted) return;
    disrupted = true;
    c.workers[0]?.kill('SIGKILL');
    c.http[0]?.kill('SIGTERM');
  };
  const started = performance.now();
  await Promise.all([
    pool(
      Array.from({ length: 500 }, (_, i) => cases[i % cases.length] as Case),
      12,
      async (kase) => {
        const { body, headers } = await kase.body();
        const { response } = await send(`${c.base}${kase.path}`, {
          method: 'POST',
          body,
          headers: { ...headers, prefer: 'respond-async' },
        });
        const { data } = (await response.json()) as { data: { id: string } };
        asyncJobs.push({ id: data.id, kase });
        if (++submitted === 250) disrupt();
      },
    ),
    pool(
      Array.from({ length: 200 }, (_, i) => cases[i % cases.length] as Case),
      4,
      async (kase) => {
        try {
          const { body, headers } = await kase.body();
          const { response, tries } = await send(`${c.base}${kase.path}`, { method: 'POST', body, headers });
          if (tries > 1) sync.retried += 1;
          if (response.ok && (await kase.check(response))) sync.ok += 1;
          else sync.wrong += 1;
        } catch {
          sync.lost += 1;
        }
      },
    ),
  ]);
  const statuses = await waitForJobs(
    c.base,
    asyncJobs.map((j) => j.id),
    10 * 60_000,
  );
  const seconds = (performance.now() - started) / 1000;
  let correct = 0;
  await pool(asyncJobs, 8, async ({ id, kase }) => {
    if (statuses.get(id) !== 'succeeded') return;
    const { response } = await send(`${c.base}/api/v1/jobs/${id}/result`, {});
    if (await kase.check(response)) correct += 1;
  });
  // Each completed run of a job is logged by its worker ("job run ended"): more than one is a job run twice.
  const runs = new Map<string, number>();
  for (const name of ['worker-1', 'worker-2']) {
    for (const line of readFileSync(join(dir, `${name}.log`), 'utf8').split('\n')) {
      const id = /"job":"([\w-]+)".*"job run ended"/.exec(line)?.[1];
      if (id) runs.set(id, (runs.get(id) ?? 0) + 1);
    }
  }
  const byStatus: Record<string, number> = {};
  for (const status of statuses.values()) byStatus[status] = (byStatus[status] ?? 0) + 1;
  await stopCluster();
  return {
    jobs: asyncJobs.length,
    byStatus,
    correct,
    runTwice: [...runs.values()].filter((n) => n > 1).length,
    sync,
    seconds,
  };
}

async function throughput(workerCount: number) {
  const c = await cluster(workerCount);
  const resize = cases.find((k) => k.name === 'image resize') as Case;
  const ids: string[] = [];
  const started = performance.now();
  await pool(Array.from({ length: 150 }), 8, async () => {
    const { body, headers } = await resize.body();
    const { response } = await send(`${c.base}${resize.path}`, {
      method: 'POST',
      body,
      headers: { ...headers, prefer: 'respond-async' },
    });
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
  });
  const statuses = await waitForJobs(c.base, ids, 10 * 60_000);
  const seconds = (performance.now() - started) / 1000;
  const succeeded = [...statuses.values()].filter((s) => s === 'succeeded').length;
  await stopCluster();
  return { workers: workerCount, jobs: ids.length, succeeded, seconds, perSecond: succeeded / seconds };
}

const version = (command: string) =>
  execSync(`${command} 2>&1`, { encoding: 'utf8' }).trim().split('\n')[0] ?? '';
const machine = await machineInfo({ nginx: version('nginx -v'), Redis: version('redis-server --version') });
const one = await phaseOne();
const single = await throughput(1);
const double = await throughput(2);
await writeRawResults('scale', { machine, one, single, double });

const markdown = `## Jobs across processes (\`npm run bench:scale\`)

${machineMarkdown(machine)}

nginx → 2 HTTP instances (\`EXECUTION=queue\`) → Redis → 2 workers, all on loopback. 500 asynchronous
jobs (word count, CSV → JSON, base64, image resize) and 200 synchronous requests at once; after 250
submissions one worker got SIGKILL and one HTTP instance SIGTERM.

| Figure | Value |
| --- | --- |
| Jobs submitted | ${one.jobs} |
| Jobs by final status | ${Object.entries(one.byStatus)
  .map(([s, n]) => `${s} ${n}`)
  .join(', ')} |
| Results checked correct (decoded, compared) | ${one.correct} of ${one.jobs} |
| Jobs run twice to completion | ${one.runTwice} |
| Synchronous requests: right answer / wrong / lost | ${one.sync.ok} / ${one.sync.wrong} / ${one.sync.lost} (${one.sync.retried} needed a retry) |
| Wall time | ${one.seconds.toFixed(1)} s |

Throughput of 150 image-resize jobs (1200×800 PNG → 300 px), submitted 8 at a time:

| Workers | Jobs succeeded | Time | Jobs/s |
| --- | --- | --- | --- |
| 1 | ${single.succeeded} of ${single.jobs} | ${single.seconds.toFixed(1)} s | ${single.perSecond.toFixed(2)} |
| 2 | ${double.succeeded} of ${double.jobs} | ${double.seconds.toFixed(1)} s | ${double.perSecond.toFixed(2)} |
`;
await writeResultsSection('scale', markdown);
console.log(markdown);
cleanup();
process.exit(0);
