import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultCluster, hasPrograms } from './helpers/fault-cluster.js';

/*
 * API.md "A job accepted is a job done", proved on the documented topology (helpers/fault-cluster.ts:
 * nginx with deploy/nginx.conf, two HTTP instances with EXECUTION=queue, two workers, Redis with AOF
 * everysec). Through each fault — kill -9 and SIGTERM of a worker, kill -9 of an instance, Redis
 * dropping every connection, Redis restarting, no worker at all for a while — about a hundred mixed
 * jobs are submitted (a client retrying 502/503 and network errors, as documented), and each accepted
 * job must end succeeded with exactly the answer the synchronous call gave: lost (404), stuck (not
 * finished in time), failed and wrong all zero.
 */

const available = hasPrograms('redis-server', 'nginx');
if (!available) console.warn('jobs-faults.test.ts skipped: it needs redis-server and nginx on PATH.');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JOBS = 100;

interface Kind {
  name: string;
  path: string;
  body: () => { body: string | FormData; headers: Record<string, string> };
}

const json = (value: unknown) => ({
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

function kinds(png: Buffer): Kind[] {
  const text = Array.from({ length: 300 }, (_, i) => `word${i % 37}`).join(' ');
  const csv = `a,b\n${Array.from({ length: 200 }, (_, i) => `${i},x${i}`).join('\n')}\n`;
  return [
    { name: 'word count', path: '/api/v1/text/word-count', body: () => json({ text }) },
    { name: 'csv → json', path: '/api/v1/data/csv-to-json', body: () => json({ csv }) },
    { name: 'base64', path: '/api/v1/data/base64-encode', body: () => json({ text }) },
    {
      name: 'image resize',
      path: '/api/v1/images/resize',
      body: () => {
        const form = new FormData();
        form.append('image', new Blob([png], { type: 'image/png' }), 'small.png');
        form.append('width', '64');
        return { body: form, headers: {} };
      },
    },
  ];
}

/** A request with the client's documented retries: network errors, 502 and 503. */
async function send(url: string, init: () => RequestInit, tries = 40): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init()).catch(() => undefined);
    if (response && response.status !== 502 && response.status !== 503) return response;
    await response?.arrayBuffer().catch(() => undefined);
    if (attempt >= tries) throw new Error(`${url}: ${response?.status ?? 'network error'} ${attempt} times`);
    await sleep(250 + 100 * Math.min(attempt, 10));
  }
}

interface Counts {
  accepted: number;
  lost: number;
  stuck: number;
  failed: number;
  wrong: number;
}

describe.skipIf(!available)('jobs through faults (nginx, 2 instances, 2 workers, Redis with AOF)', () => {
  const cluster = new FaultCluster();
  let all: Kind[] = [];
  const expected = new Map<string, { status: number; body: Buffer }>();
  const results: Record<string, Counts> = {};

  beforeAll(async () => {
    await cluster.up();
    const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#4080c0' } })
      .png()
      .toBuffer();
    all = kinds(png);
    // The synchronous answer, once per kind: what every job's result must be, byte for byte.
    for (const kind of all) {
      const response = await send(`${cluster.base}${kind.path}`, () => ({ method: 'POST', ...kind.body() }));
      expected.set(kind.name, { status: response.status, body: Buffer.from(await response.arrayBuffer()) });
      expect(response.status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await cluster.down();
    console.log(`jobs-faults: ${JSON.stringify(results)}`);
  });

  /** Submits JOBS jobs, running `fault` after the first third; then waits for each and checks it. */
  async function round(name: string, fault: () => Promise<void>, recover: () => Promise<void>) {
    const jobs: { id: string; kind: Kind }[] = [];
    let faulted: Promise<void> | undefined;
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < JOBS) {
          const kind = all[next % all.length] as Kind;
          next += 1;
          if (next === Math.floor(JOBS / 3)) faulted = fault();
          const response = await send(`${cluster.base}${kind.path}`, () => {
            const { body, headers } = kind.body();
            return { method: 'POST', body, headers: { ...headers, prefer: 'respond-async' } };
          });
          expect(response.status).toBe(202);
          jobs.push({ id: ((await response.json()) as { data: { id: string } }).data.id, kind });
        }
      }),
    );
    await faulted;
    await recover();
    const counts: Counts = { accepted: jobs.length, lost: 0, stuck: 0, failed: 0, wrong: 0 };
    const open = new Set(jobs.map((job) => job.id));
    const until = Date.now() + 90_000;
    while (open.size > 0 && Date.now() < until) {
      for (const job of jobs) {
        if (!open.has(job.id)) continue;
        const response = await send(`${cluster.base}/api/v1/jobs/${job.id}`, () => ({}));
        if (response.status === 404) {
          counts.lost += 1;
          open.delete(job.id);
          continue;
        }
        const { data } = (await response.json()) as {
          data: { status: string; error: { code: string } | null };
        };
        if (data.status === 'queued' || data.status === 'running') continue;
        open.delete(job.id);
        if (data.status !== 'succeeded') {
          counts.failed += 1;
          console.warn(`${name}: ${job.kind.name} ${data.status} ${data.error?.code}`);
          continue;
        }
        const result = await send(`${cluster.base}/api/v1/jobs/${job.id}/result`, () => ({}));
        const body = Buffer.from(await result.arrayBuffer());
        const want = expected.get(job.kind.name);
        if (result.status !== want?.status || !body.equals(want.body)) counts.wrong += 1;
      }
      if (open.size > 0) await sleep(500);
    }
    counts.stuck = open.size;
    results[name] = counts;
    expect(counts).toEqual({ accepted: JOBS, lost: 0, stuck: 0, failed: 0, wrong: 0 });
  }

  /** Replaces a stopped worker, so that each round starts with two. */
  const replaceWorker = async () => {
    cluster.workers = cluster.workers.filter((w) => w.exitCode === null && w.signalCode === null);
    while (cluster.workers.length < 2) cluster.startWorker();
  };

  it('kill -9 of a worker', async () => {
    await round(
      'kill -9 worker',
      () => cluster.stop(cluster.workers[0] as ChildProcess, 'SIGKILL'),
      replaceWorker,
    );
  }, 150_000);

  it('SIGTERM of a worker (its running jobs finish or go back to the queue)', async () => {
    await round(
      'SIGTERM worker',
      () => cluster.stop(cluster.workers[0] as ChildProcess, 'SIGTERM'),
      replaceWorker,
    );
  }, 150_000);

  it('kill -9 of an HTTP instance', async () => {
    const [first] = cluster.instances;
    await round(
      'kill -9 instance',
      () => cluster.stop(first?.child as ChildProcess, 'SIGKILL'),
      async () => {
        if (first) cluster.instances[0] = await cluster.startInstance(first.port);
      },
    );
  }, 150_000);

  it('Redis dropping every connection, three times', async () => {
    const admin = new Redis(cluster.redisPort, '127.0.0.1', { lazyConnect: true });
    admin.on('error', () => undefined);
    await round(
      'Redis CLIENT KILL',
      async () => {
        for (let i = 0; i < 3; i++) {
          await admin.client('KILL', 'TYPE', 'normal').catch(() => undefined);
          await sleep(1000);
        }
      },
      async () => undefined,
    );
    admin.disconnect();
  }, 150_000);

  it('a Redis restart (AOF everysec)', async () => {
    await round(
      'Redis restart',
      () => cluster.restartRedis(),
      async () => undefined,
    );
  }, 150_000);

  it('no workers for a while, then one starts: /ready says so, a synchronous request gets 503 TIMEOUT', async () => {
    await Promise.all(cluster.workers.map((w) => cluster.stop(w, 'SIGTERM')));
    cluster.workers = [];
    const instance = `http://127.0.0.1:${cluster.instances[1]?.port}`;
    const ready = async () => (await fetch(`${instance}/api/v1/ready`)).status;
    // The last heartbeat expires after WORKER_HEARTBEAT_MS × 3 (3 s here).
    await expect.poll(ready, { timeout: 20_000, interval: 250 }).toBe(503);
    const started = Date.now();
    const sync = await fetch(`${instance}/api/v1/text/word-count`, {
      method: 'POST',
      ...json({ text: 'nobody takes this' }),
    });
    expect(sync.status).toBe(503);
    expect(((await sync.json()) as { code: string }).code).toBe('TIMEOUT');
    // REQUEST_TIMEOUT_MS is 8 s in the cluster: answered then, not left hanging.
    expect(Date.now() - started).toBeLessThan(20_000);
    await round(
      'no workers',
      async () => undefined,
      async () => {
        await sleep(3000);
        cluster.startWorker();
      },
    );
    await expect.poll(ready, { timeout: 20_000, interval: 250 }).toBe(200);
  }, 180_000);
});
