import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { makeApp } from './helpers/app.js';
import { listenOnFreePort } from './helpers/listen.js';
import { type RawExchange, stalledUpload } from './helpers/raw-socket.js';

/*
 * Lanes (API.md "Heavy work is isolated"), over real sockets: a lane whose slots and queue are
 * taken refuses at once, the other lanes and the health check are not held up by it, and a request
 * that times out gives its slot back only once its work has stopped.
 */

let app: FastifyInstance | undefined;
const held: RawExchange[] = [];
afterEach(async () => {
  for (const exchange of held.splice(0)) exchange.socket.destroy();
  await app?.close();
  app = undefined;
  await closeWorkerPool();
}, 60_000);

/** A server whose lanes have one slot and no queue; a queued request would wait for ever. */
async function serve(env: Record<string, string> = {}): Promise<string> {
  app = await makeApp({
    LANE_IMAGES_CONCURRENCY: '1',
    LANE_QUEUE: '0',
    LANE_WORKERS_CONCURRENCY: '1',
    UPLOAD_QUEUE_TIMEOUT_MS: '0',
    UPLOAD_IDLE_TIMEOUT_MS: '60000',
    UPLOAD_MIN_BYTES_PER_SECOND: '0',
    ...env,
  });
  return listenOnFreePort(app);
}

/** Holds the only slot of `path`'s lane with an upload that never finishes. */
async function hold(base: string, path: string): Promise<void> {
  const exchange = stalledUpload(base, path);
  held.push(exchange);
  await exchange.sent;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function expectBusy(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({
    success: false,
    message: 'The server is busy. Please try again in a few seconds.',
    code: 'OVERLOADED',
  });
}

describe('lanes', () => {
  it('a full lane answers 503 with Retry-After at once instead of queueing', async () => {
    const base = await serve();
    await hold(base, '/api/v1/images/resize');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(10)]), 'a.png');
    form.append('width', '10');
    await expectBusy(await fetch(`${base}/api/v1/images/resize`, { method: 'POST', body: form }));
  });

  it('answers health and small data requests while the image and worker lanes are full', async () => {
    const base = await serve({ LANE_LIGHT_MAX_BYTES: '1000' });
    await hold(base, '/api/v1/images/resize');
    await hold(base, '/api/v1/pdf/to-text');
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const small = await post(base, '/data/base64-encode', { text: 'hello' });
    expect(small.status).toBe(200);
    expect(await small.text()).toBe(Buffer.from('hello').toString('base64'));
    // A body over the light lane's limit is heavy work: it goes to the (full) worker lane.
    await expectBusy(await post(base, '/data/base64-encode', { text: 'x'.repeat(2000) }));
    // (A worker thread starting from TypeScript source takes seconds on a busy machine.)
  }, 90_000);

  it('stops the work of a request that timed out and only then frees its slot', async () => {
    const base = await serve({ REQUEST_TIMEOUT_MS: '1000' });
    // Typesetting close to the 2 million characters allowed takes seconds of a worker thread.
    const text = 'lorem ipsum dolor sit amet '.repeat(70_000);
    const timedOut = await post(base, '/pdf/from-text', { text });
    expect(timedOut.status).toBe(503);
    expect(await timedOut.json()).toMatchObject({ code: 'TIMEOUT' });
    // The worker thread is terminated: the process comes back to idle (under half a core over
    // half a second) well before the seconds that typesetting needs.
    const idleWithin = async (ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; ) {
        const start = process.cpuUsage();
        await new Promise((resolve) => setTimeout(resolve, 500));
        const used = process.cpuUsage(start);
        if ((used.user + used.system) / 1000 < 250) return true;
      }
      return false;
    };
    expect(await idleWithin(10_000)).toBe(true);
    // The lane's only slot is free again: the next request is read and checked (a full lane
    // would have answered 503).
    const next = await post(base, '/pdf/from-text', { text: 'Hello', font_size: 'huge' });
    expect(next.status).toBe(400);
    expect(await next.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  }, 60_000);
});
