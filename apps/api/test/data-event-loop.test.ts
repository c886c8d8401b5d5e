import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { makeApp } from './helpers/app.js';
import { listenOnFreePort } from './helpers/listen.js';
import { sharedCorpus } from './helpers/shared-corpus.js';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await makeApp();
  base = await listenOnFreePort(app);
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

/** About 10 MB of real CSV: the IEEE OUI registry, its rows repeated under one header. */
function tenMegabytesOfCsv(): string {
  const [header, ...rows] = sharedCorpus('data/csv/ieee-oui.csv').toString('utf8').split('\r\n');
  const body = rows.join('\r\n');
  return `${header}\r\n${body.repeat(Math.floor((10 * 1000 * 1000) / Buffer.byteLength(body)))}`;
}

describe('a 10 MB conversion runs off the event loop', () => {
  it('lets GET /api/v1/health answer while CSV → JSON of 10 MB is in progress', async () => {
    const csv = tenMegabytesOfCsv();
    expect(Buffer.byteLength(csv)).toBeGreaterThan(9_000_000);
    const order: string[] = [];
    const conversion = fetch(`${base}/api/v1/data/csv-to-json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csv }),
    }).then(async (response) => {
      order.push('conversion');
      return {
        status: response.status,
        rows: response.headers.get('x-row-count'),
        body: await response.text(),
      };
    });
    // Wait until the server holds the request (its work has begun), then ask for health.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetch(`${base}/api/v1/health`);
    order.push('health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const converted = await conversion;
    expect(converted.status).toBe(200);
    expect(JSON.parse(converted.body)).toHaveLength(Number(converted.rows));
    expect(order).toEqual(['health', 'conversion']);
  }, 120_000);
});
