import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRateLimited, makeApp } from './helpers/app.js';
import { freePort } from './helpers/listen.js';
import { hasRedisServer, type RedisServer, startRedis } from './helpers/redis-server.js';

/*
 * Rate limits shared through a real redis-server, which the test starts on a free port of its own
 * and stops. CI installs redis-server (.ci/run); there its absence is a failure, elsewhere the
 * test is skipped with a note.
 */

const available = hasRedisServer();
const inCi = Boolean(process.env.CI);

describe.runIf(!available && inCi)('redis-server in CI', () => {
  it('is installed', () => {
    throw new Error('redis-server is not installed: CI must `apt-get install -y redis-server`.');
  });
});

describe.skipIf(!available)('rate limiting with REDIS_URL', () => {
  let redis: RedisServer;
  let url: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    url = redis.url;
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await redis?.stop();
  });

  it('shares one budget between instances', async () => {
    const env = { REDIS_URL: url, RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' };
    const [a, b] = await Promise.all([makeApp(env), makeApp(env)]);
    apps.push(a, b);
    const url2 = '/api/v1/openapi.json';
    const statuses = [];
    for (const app of [a, b, a]) statuses.push((await app.inject({ url: url2 })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await b.inject({ url: url2 });
    expectRateLimited(fourth, 3);
  });

  it('lets requests through when Redis cannot be reached', async () => {
    const deadPort = await freePort();
    const app = await makeApp({ REDIS_URL: `redis://127.0.0.1:${deadPort}`, RATE_LIMIT_MAX: '1' });
    apps.push(app);
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(200);
  });

  it('is checked by /ready when configured: its version when it answers, 503 when it does not', async () => {
    const live = await makeApp({ REDIS_URL: url });
    apps.push(live);
    const ready = await live.inject({ url: '/api/v1/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().engines.redis).toMatchObject({ ok: true, required: true });
    expect(ready.json().engines.redis.version).toMatch(/^\d+\.\d+/);

    const dead = await makeApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    apps.push(dead);
    const down = await dead.inject({ url: '/api/v1/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().engines.redis).toMatchObject({
      ok: false,
      error: 'Redis at REDIS_URL does not answer.',
    });
  });
});
