import { describe, expect, it } from 'vitest';
import {
  type IdempotencyStore,
  MemoryIdempotencyStore,
  RedisIdempotencyStore,
  readIdempotencyKey,
  requestHashOf,
} from './idempotency.js';
import { apiErrorOf } from './test-helpers.js';
import { redisServerMissing, useRedisServer } from './test-redis.js';

const reusedMessage =
  'This Idempotency-Key was already used for a different request (method, path, fields or file): send a new key.';

describe('readIdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters, and nothing when absent', () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('a')).toBe('a');
    expect(readIdempotencyKey('order 42: ~!@#$%^&*()')).toBe('order 42: ~!@#$%^&*()');
    expect(readIdempotencyKey('k'.repeat(255))).toBe('k'.repeat(255));
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a control character', 'a\tb'],
    ['non-ASCII', 'clé'],
    ['two headers', ['a', 'b']],
  ])('refuses %s with 400 VALIDATION_ERROR naming Idempotency-Key', async (_, value) => {
    const error = await apiErrorOf(Promise.resolve().then(() => readIdempotencyKey(value)));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.toBody()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Idempotency-Key must be 1 to 255 printable ASCII characters, sent once.',
      details: [
        {
          field: 'Idempotency-Key',
          message: 'Idempotency-Key must be 1 to 255 printable ASCII characters, sent once.',
        },
      ],
    });
  });
});

describe('requestHashOf', () => {
  it('tells requests apart by method, path, fields and bytes, not by field order', () => {
    const file = Buffer.from('png bytes');
    const base = requestHashOf('post', '/api/v1/images/resize', { width: 80, height: 60 }, [file]);
    expect(requestHashOf('POST', '/api/v1/images/resize', { height: 60, width: 80 }, [file])).toBe(base);
    const others = [
      requestHashOf('PUT', '/api/v1/images/resize', { width: 80, height: 60 }, [file]),
      requestHashOf('POST', '/api/v1/images/rotate', { width: 80, height: 60 }, [file]),
      requestHashOf('POST', '/api/v1/images/resize', { width: 81, height: 60 }, [file]),
      requestHashOf('POST', '/api/v1/images/resize', { width: 80, height: 60 }, [Buffer.from('other')]),
    ];
    expect(new Set([base, ...others]).size).toBe(5);
  });
});

/** What every store does, in memory and in Redis. */
function behavesAsAStore(make: (ttlSeconds: number) => IdempotencyStore): void {
  it('claims a new key, then answers the same job for the same request', async () => {
    const store = make(60);
    expect(await store.claim('key-1', 'order-7', 'hash-a', 'job-1')).toEqual({
      jobId: 'job-1',
      reused: false,
    });
    expect(await store.claim('key-1', 'order-7', 'hash-a', 'job-2')).toEqual({
      jobId: 'job-1',
      reused: true,
    });
  });

  it('refuses the same key with a different request: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const store = make(60);
    await store.claim('key-1', 'order-8', 'hash-a', 'job-1');
    const error = await apiErrorOf(store.claim('key-1', 'order-8', 'hash-b', 'job-2'));
    expect([error.statusCode, error.code, error.message]).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
      reusedMessage,
    ]);
  });

  it('keeps scopes apart', async () => {
    const store = make(60);
    await store.claim('key-1', 'shared', 'hash-a', 'job-1');
    expect(await store.claim('key-2', 'shared', 'hash-b', 'job-2')).toEqual({
      jobId: 'job-2',
      reused: false,
    });
    // A scope and key that would run together if simply concatenated.
    expect(await store.claim('key-1s', 'hared', 'hash-c', 'job-3')).toEqual({
      jobId: 'job-3',
      reused: false,
    });
  });

  it('gives a claim back only to the job that holds it', async () => {
    const store = make(60);
    await store.claim('key-1', 'order-9', 'hash-a', 'job-1');
    await store.release('key-1', 'order-9', 'job-other');
    expect((await store.claim('key-1', 'order-9', 'hash-a', 'job-2')).reused).toBe(true);
    await store.release('key-1', 'order-9', 'job-1');
    expect(await store.claim('key-1', 'order-9', 'hash-b', 'job-3')).toEqual({
      jobId: 'job-3',
      reused: false,
    });
  });
}

describe('MemoryIdempotencyStore', () => {
  behavesAsAStore((ttlSeconds) => new MemoryIdempotencyStore({ ttlSeconds }));

  it('forgets a key after its TTL', async () => {
    let now = 1_000_000;
    const store = new MemoryIdempotencyStore({ ttlSeconds: 10, now: () => now });
    await store.claim('s', 'k', 'hash-a', 'job-1');
    now += 9_999;
    expect((await store.claim('s', 'k', 'hash-a', 'job-2')).jobId).toBe('job-1');
    now += 1;
    expect(await store.claim('s', 'k', 'hash-b', 'job-3')).toEqual({ jobId: 'job-3', reused: false });
  });

  it('holds at most maxEntries claims, dropping the oldest', async () => {
    const store = new MemoryIdempotencyStore({ ttlSeconds: 60, maxEntries: 2 });
    await store.claim('s', 'a', 'h', 'job-a');
    await store.claim('s', 'b', 'h', 'job-b');
    await store.claim('s', 'c', 'h', 'job-c');
    expect(store.size).toBe(2);
    expect((await store.claim('s', 'b', 'h', 'x')).reused).toBe(true);
    expect(await store.claim('s', 'a', 'other', 'job-a2')).toEqual({ jobId: 'job-a2', reused: false });
  });
});

const missing = redisServerMissing();

describe.skipIf(missing !== undefined)(`RedisIdempotencyStore${missing ? ` (${missing})` : ''}`, () => {
  const redis = useRedisServer();
  let stores = 0;

  behavesAsAStore(
    (ttlSeconds) => new RedisIdempotencyStore(redis.client, { ttlSeconds, prefix: `i${++stores}:` }),
  );

  it('lets exactly one of two instances racing on a key start the job', async () => {
    const options = { ttlSeconds: 60, prefix: `i${++stores}:` };
    const [a, b] = await Promise.all([
      new RedisIdempotencyStore(redis.client, options).claim('s', 'race', 'hash', 'job-a'),
      new RedisIdempotencyStore(redis.other, options).claim('s', 'race', 'hash', 'job-b'),
    ]);
    expect([a.reused, b.reused].sort()).toEqual([false, true]);
    expect(a.jobId).toBe(b.jobId);
  });

  it('forgets a key after its TTL, and keeps no scope text in Redis', async () => {
    const prefix = `i${++stores}:`;
    const store = new RedisIdempotencyStore(redis.client, { ttlSeconds: 0.2, prefix });
    await store.claim('203.0.113.9', 'k', 'hash-a', 'job-1');
    const keys = await redis.client.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^i\d+:[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => redis.client.exists(keys[0] ?? ''), { timeout: 10_000, interval: 100 }).toBe(0);
    expect(await store.claim('203.0.113.9', 'k', 'hash-b', 'job-2')).toEqual({
      jobId: 'job-2',
      reused: false,
    });
  });
});
