import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as pool from '../src/runtime/worker-pool.js';
import { makeUnhurriedApp } from './helpers/app.js';
import { repeatedOuiCsv } from './helpers/fixtures.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * The real pool, each task's answer held until the test opens the gate: health is then asked while
 * the conversion is certainly in progress, on a fast machine as on a busy one (no sleeps, no clocks).
 */
const gate = vi.hoisted(() => {
  let open = () => {};
  let begin = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const started = new Promise<void>((resolve) => {
    begin = resolve;
  });
  return { opened, started, open: () => open(), begin: () => begin() };
});
vi.mock('../src/runtime/worker-pool.js', async (original) => {
  const actual = await original<typeof import('../src/runtime/worker-pool.js')>();
  const held = async <T>(work: Promise<T>): Promise<T> => {
    gate.begin();
    try {
      return await work;
    } finally {
      await gate.opened;
    }
  };
  return {
    ...actual,
    runTask: vi.fn((...args: Parameters<typeof actual.runTask>) => held(actual.runTask(...args))),
  };
});

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await makeUnhurriedApp();
  base = await listenOnFreePort(app);
});
afterAll(async () => {
  await app.close();
  await pool.closeWorkerPool();
});

describe('a 9 MB conversion runs off the event loop', () => {
  it('answers GET /api/v1/health while CSV → JSON of 9 MB is in progress', async () => {
    const csv = repeatedOuiCsv(9.1e6).toString('utf8');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(9_000_000);
    const conversion = fetch(`${base}/api/v1/data/csv-to-json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csv }),
    }).then(async (response) => ({
      status: response.status,
      rows: response.headers.get('x-row-count'),
      body: await response.text(),
    }));
    // The work has gone to the worker threads (a conversion on the event loop never gets here).
    const first = await Promise.race([
      gate.started.then(() => 'worker task'),
      conversion.then(() => 'answer'),
    ]);
    expect(first).toBe('worker task');
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    gate.open();
    const converted = await conversion;
    expect(converted.status).toBe(200);
    expect(vi.mocked(pool.runTask).mock.calls.map(([name]) => name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^data\.csv-to-json/)]),
    );
    expect(Number(converted.rows)).toBeGreaterThan(90_000);
    expect(JSON.parse(converted.body)).toHaveLength(Number(converted.rows));
  }, 600_000);
});
