import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServerHandle, redisServerMissing, startRedisServer } from '../src/net/test-redis.js';
import { makeApp } from './helpers/app.js';
import { form } from './helpers/form.js';
import { solid } from './helpers/images.js';

/*
 * With REDIS_URL, two instances share the result cache and the Idempotency-Key claims: an answer
 * computed by one is a HIT on the other, byte for byte, and a retry of the same async request sent
 * to the other instance answers the job the first one accepted.
 */

const missing = redisServerMissing();

describe.skipIf(missing !== undefined)('two instances on one Redis', () => {
  let redis: RedisServerHandle;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let photo: Buffer;
  beforeAll(async () => {
    photo = await solid(20, 20);
    redis = await startRedisServer();
    one = await makeApp({ REDIS_URL: redis.url });
    two = await makeApp({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await redis?.stop();
  });

  const resize = (app: FastifyInstance, headers: Record<string, string> = {}) => {
    const body = form([
      { name: 'image', filename: 'shared.png', data: photo },
      { name: 'width', value: '10' },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/v1/images/resize',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  it('answers from the shared cache on the other instance, byte for byte', async () => {
    const first = await resize(one);
    const second = await resize(two);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers the same job for the same Idempotency-Key on either instance', async () => {
    const headers = { prefer: 'respond-async', 'idempotency-key': 'shared-key-1' };
    const first = await resize(one, headers);
    const second = await resize(two, headers);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.json().data.id).toBe(first.json().data.id);
  });
});
