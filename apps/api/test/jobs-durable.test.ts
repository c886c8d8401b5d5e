import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';
import { scratchDir } from './helpers/scratch.js';

/*
 * The embedded engine keeps its jobs in JOBS_DIR (API.md "A job accepted is a job done"): queued
 * jobs survive a stop of the instance and run after it, finished ones keep their answers, queued
 * input is bounded in bytes (503 OVERLOADED with Retry-After at once).
 */

const async = { prefer: 'respond-async' };
const wordCount = { method: 'POST', url: '/api/v1/text/word-count' } as const;
const apps: FastifyInstance[] = [];

async function open(env: Record<string, string>) {
  const app = await makeApp(env);
  apps.push(app);
  return app;
}

async function settled(app: FastifyInstance, id: string) {
  for (let i = 0; i < 600; i++) {
    const data = (await app.inject({ url: `/api/v1/jobs/${id}` })).json().data;
    if (data && !['queued', 'running'].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('the embedded engine on disk (JOBS_DIR)', () => {
  it('runs the jobs still queued at a stop after the restart, and keeps finished answers', async () => {
    const dir = scratchDir('jobs-dir-');
    const first = await open({ JOBS_DIR: dir, JOBS_CONCURRENCY: '1' });
    const done = (await first.inject({ ...wordCount, headers: async, payload: { text: 'a b' } })).json().data;
    await settled(first, done.id);
    // A big enough text that the second and third wait behind the first while the instance stops.
    const text = 'word '.repeat(200_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await first.inject({ ...wordCount, headers: async, payload: { text } })).json().data.id);
    }
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await open({ JOBS_DIR: dir, JOBS_CONCURRENCY: '1' });
    expect((await second.inject({ url: `/api/v1/jobs/${done.id}/result` })).json().data.words).toBe(2);
    for (const id of ids) {
      expect((await settled(second, id)).status).toBe('succeeded');
      expect((await second.inject({ url: `/api/v1/jobs/${id}/result` })).json().data.words).toBe(200_000);
    }
  }, 120_000);

  it('bounds queued input in bytes: one more gets 503 OVERLOADED with Retry-After at once', async () => {
    const app = await open({
      JOBS_DIR: scratchDir('jobs-full-'),
      JOBS_CONCURRENCY: '1',
      JOBS_MAX_QUEUED_BYTES: '1',
    });
    // An audio conversion takes a while: the next job asks while its input still counts.
    const { payload, headers } = form([
      {
        name: 'audio',
        filename: 'voice.oga',
        type: 'audio/ogg',
        data: fixture('audio/complete_vorbis_stereo.oga'),
      },
      { name: 'format', value: 'mp3' },
    ]);
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/audio/convert',
      headers: { ...headers, ...async },
      payload,
    });
    expect(first.statusCode).toBe(202);
    const refused = await app.inject({ ...wordCount, headers: async, payload: { text: 'one more' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('OVERLOADED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await settled(app, first.json().data.id);
  });
});
