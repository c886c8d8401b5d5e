import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { makeApp, testConfig } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';
import { freePort } from './helpers/listen.js';
import { hasRedisServer, type RedisServer, startRedis } from './helpers/redis-server.js';

/*
 * Jobs through BullMQ and a real redis-server: HTTP instances and workers sharing the queues, a job
 * that outlives the instance that took it, a worker killed in the middle of a job, Redis away.
 */

const available = hasRedisServer();
const apiDir = fileURLToPath(new URL('../', import.meta.url));
const async = { prefer: 'respond-async' };
const wordCount = { method: 'POST', url: '/api/v1/text/word-count' } as const;

async function statusOf(app: FastifyInstance, id: string) {
  return (await app.inject({ url: `/api/v1/jobs/${id}` })).json().data;
}

async function waitFor(app: FastifyInstance, id: string, statuses: string[], timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const data = await statusOf(app, id);
    if (data && statuses.includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} never reached ${statuses.join('/')}`);
}

/** `npm run worker`'s entry, run from source, as its own process. */
function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/job-worker.ts'], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

describe.skipIf(!available)('jobs with REDIS_URL', () => {
  let redis: RedisServer;
  const apps: FastifyInstance[] = [];
  const workers: ChildProcess[] = [];
  const open = async (env: Record<string, string>, role: 'http' | 'worker' = 'http') => {
    const app = await buildApp(testConfig({ REDIS_URL: redis.url, ...env }), undefined, { role });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  // Each test's instances and workers go with it: another test's worker would take its jobs.
  afterEach(async () => {
    for (const worker of workers.splice(0)) worker.kill('SIGKILL');
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => redis.stop());

  it('an HTTP instance runs async jobs through BullMQ itself (EXECUTION=direct)', async () => {
    const app = await open({});
    const { id } = (await app.inject({ ...wordCount, headers: async, payload: { text: 'one two' } })).json()
      .data;
    const done = await waitFor(app, id, ['succeeded', 'failed']);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, operation: 'text/word-count' });
    expect((await app.inject({ url: done.resultUrl })).json().data.words).toBe(2);
    // The metrics count jobs as their records say (the counts their state changes keep in Redis).
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^toolkit_jobs\{state="succeeded"\} 1$/m);
    expect(metrics).toMatch(/^toolkit_jobs\{state="running"\} 0$/m);
  });

  it('with EXECUTION=queue the HTTP instance runs nothing: a job waits for a worker, survives a restart, and a synchronous request is answered by the worker', async () => {
    const http = await open({ EXECUTION: 'queue' });
    const { id } = (await http.inject({ ...wordCount, headers: async, payload: { text: 'a b c' } })).json()
      .data;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await statusOf(http, id)).status).toBe('queued');

    // The instance that took it goes away; another one still knows the job.
    await apps.splice(apps.indexOf(http), 1)[0]?.close();
    const again = await open({ EXECUTION: 'queue' });
    expect((await statusOf(again, id)).status).toBe('queued');

    await open({ EXECUTION: 'queue' }, 'worker');
    const done = await waitFor(again, id, ['succeeded']);
    expect((await again.inject({ url: done.resultUrl })).json().data.words).toBe(3);

    const sync = await again.inject({ ...wordCount, payload: { text: 'four five six seven' } });
    expect(sync.statusCode).toBe(200);
    expect(sync.json().data.words).toBe(4);
  });

  it('a worker killed in the middle of a job leaves it to another, and it has exactly one result', async () => {
    const http = await open({ EXECUTION: 'queue' });
    const env = { REDIS_URL: redis.url, EXECUTION: 'queue', JOB_LOCK_MS: '2000' };
    const first = startWorker(env);
    workers.push(first);
    const { payload, headers } = form([
      {
        name: 'audio',
        filename: 'race.ogg',
        type: 'audio/ogg',
        data: fixture('audio/calmrace_vorbis_48k_stereo.ogg'),
      },
      { name: 'format', value: 'flac' },
    ]);
    const { id } = (
      await http.inject({
        method: 'POST',
        url: '/api/v1/audio/convert',
        headers: { ...headers, ...async },
        payload,
      })
    ).json().data;
    await waitFor(http, id, ['running', 'succeeded']);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const second = startWorker(env);
    workers.push(second);
    const done = await waitFor(http, id, ['succeeded', 'failed'], 90_000);
    expect(done.status).toBe('succeeded');
    const result = await http.inject({ url: done.resultUrl });
    expect(result.rawPayload.subarray(0, 4).toString('latin1')).toBe('fLaC');
  }, 120_000);

  it('answers 503 with Retry-After for new work while Redis is away, never 500', async () => {
    const app = await makeApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    apps.push(app);
    const response = await app.inject({ ...wordCount, headers: async, payload: { text: 'a' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeTruthy();
    expect(response.json().code).toBe('OVERLOADED');
    const status = await app.inject({ url: '/api/v1/jobs/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(status.statusCode).toBe(503);
  });
});
