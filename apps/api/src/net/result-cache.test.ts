import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  answerBytes,
  type CachedAnswer,
  cacheKey,
  canonicalJson,
  etagOf,
  ifNoneMatchHits,
  MemoryResultCache,
  RedisResultCache,
} from './result-cache.js';
import { redisServerMissing, useRedisServer } from './test-redis.js';

const answer = (body: Buffer | string, headers: Record<string, string> = {}): CachedAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/octet-stream', ...headers },
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
});

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe('cacheKey and ETag', () => {
  it('is a fixed SHA-256 of operation, canonical fields and inputs', () => {
    // Pinned (and checked by hand in Python over the same framing): instances and deploys that
    // share a Redis must compute the same keys.
    expect(cacheKey('images/resize', { width: 800, fit: 'cover' }, [everyByte])).toBe(
      'gx_oTu0PD1Zoo1371BzrwE3oLssHPwH5FEE3Gs2Xxrs',
    );
    expect(etagOf('abc')).toBe('"abc"');
    expect(etagOf(cacheKey('x', {}, []))).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('does not depend on the order of fields, at any depth', () => {
    const a = cacheKey('data/csv-to-json', { delimiter: ',', options: { header: true, trim: false } }, [
      everyByte,
    ]);
    const b = cacheKey('data/csv-to-json', { options: { trim: false, header: true }, delimiter: ',' }, [
      everyByte,
    ]);
    expect(a).toBe(b);
    expect(cacheKey('x', { a: 1, gone: undefined }, [])).toBe(cacheKey('x', { a: 1 }, []));
  });

  it('differs with the operation, a field, the bytes, or how the bytes are split into inputs', () => {
    const base = cacheKey('images/resize', { width: 800 }, [Buffer.from('ab')]);
    const others = [
      cacheKey('images/rotate', { width: 800 }, [Buffer.from('ab')]),
      cacheKey('images/resize', { width: 801 }, [Buffer.from('ab')]),
      cacheKey('images/resize', { width: '800' }, [Buffer.from('ab')]),
      cacheKey('images/resize', { width: 800 }, [Buffer.from('ac')]),
      cacheKey('images/resize', { width: 800 }, [Buffer.from('a'), Buffer.from('b')]),
      cacheKey('images/resize', { width: 800 }, [Buffer.from('ab'), Buffer.alloc(0)]),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('writes canonical JSON', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }, undefined], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1},null]},"b":1}',
    );
    expect(canonicalJson({ when: new Date(0), big: 10n })).toBe(
      '{"big":"10","when":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('writes fields nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = { b: 2, a: 1 };
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep, undefined] : { x: deep, u: undefined };
    const text = canonicalJson(deep);
    expect(text.startsWith('[{"x":[{"x":')).toBe(true);
    expect(text.includes('{"a":1,"b":2}')).toBe(true);
    expect(text.endsWith('},null]},null]')).toBe(true);
    expect(text.length).toBe(50_000 * ('{"x":'.length + '}'.length + '['.length + ',null]'.length) + 13);
  });

  it('matches If-None-Match as RFC 9110 says', () => {
    const etag = '"k1"';
    expect(ifNoneMatchHits('"k1"', etag)).toBe(true);
    expect(ifNoneMatchHits('"k0", W/"k1"', etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"k2"', etag)).toBe(false);
    expect(ifNoneMatchHits('k1', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});

describe('MemoryResultCache', () => {
  it('gives back the same status, headers and bytes, and copies it cannot be changed through', async () => {
    const cache = new MemoryResultCache({ maxBytes: 100_000 });
    const stored = answer(everyByte, { etag: '"k"' });
    await cache.set('k', stored);
    const hit = await cache.get('k');
    expect(hit).toEqual(stored);
    if (hit) hit.headers['x-cache'] = 'HIT';
    expect((await cache.get('k'))?.headers['x-cache']).toBeUndefined();
    expect(await cache.get('other')).toBeUndefined();
  });

  it('counts bytes and drops the least recently used first', async () => {
    const cache = new MemoryResultCache({ maxBytes: 4000, maxEntryShare: 1 / 2 });
    const body = (fill: number) => answer(Buffer.alloc(1000, fill));
    await cache.set('a', body(1));
    await cache.set('b', body(2));
    await cache.set('c', body(3));
    expect(cache.bytes).toBe(3 * answerBytes('a', body(1)));
    await cache.get('a'); // now b is the least recently used
    await cache.set('d', body(4));
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('a'))?.body).toEqual(Buffer.alloc(1000, 1));
    expect((await cache.get('c'))?.body).toEqual(Buffer.alloc(1000, 3));
    expect((await cache.get('d'))?.body).toEqual(Buffer.alloc(1000, 4));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(4000);
  });

  it('replaces an entry without counting it twice', async () => {
    const cache = new MemoryResultCache({ maxBytes: 10_000 });
    await cache.set('k', answer('first'));
    await cache.set('k', answer('second, longer'));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(answerBytes('k', answer('second, longer')));
    expect((await cache.get('k'))?.body.toString()).toBe('second, longer');
  });

  it('keeps nothing larger than its share of the budget, and nothing at all with 0 bytes', async () => {
    const cache = new MemoryResultCache({ maxBytes: 8000 }); // default share 1/8: 1000 bytes
    await cache.set('small', answer(Buffer.alloc(500)));
    await cache.set('large', answer(Buffer.alloc(1000)));
    expect(await cache.get('large')).toBeUndefined();
    expect(await cache.get('small')).toBeDefined();
    const off = new MemoryResultCache({ maxBytes: 0 });
    await off.set('k', answer('x'));
    expect(await off.get('k')).toBeUndefined();
    expect(off.bytes).toBe(0);
  });

  it('stores a view as its own bytes, so a large parent buffer is not kept alive uncounted', async () => {
    const cache = new MemoryResultCache({ maxBytes: 100_000 });
    const parent = Buffer.alloc(50_000, 9);
    await cache.set('k', answer(parent.subarray(10, 20)));
    const body = (await cache.get('k'))?.body;
    expect(body).toEqual(Buffer.alloc(10, 9));
    expect(body?.buffer.byteLength).toBe(10);
  });
});

const missing = redisServerMissing();

describe.skipIf(missing !== undefined)(`RedisResultCache${missing ? ` (${missing})` : ''}`, () => {
  const redis = useRedisServer();
  let prefixes = 0;
  const fresh = (options: Partial<ConstructorParameters<typeof RedisResultCache>[1]> = {}) =>
    new RedisResultCache(redis.client, {
      maxBytes: 100_000,
      ttlSeconds: 60,
      prefix: `t${++prefixes}:`,
      ...options,
    });

  it('gives back the same status, headers and bytes, to any instance', async () => {
    const cache = fresh();
    const stored = { status: 201, headers: { 'content-type': 'image/png', etag: '"k"' }, body: everyByte };
    await cache.set('k', stored);
    expect(await cache.get('k')).toEqual(stored);
    const elsewhere = new RedisResultCache(redis.other, {
      maxBytes: 100_000,
      ttlSeconds: 60,
      prefix: `t${prefixes}:`,
    });
    expect(await elsewhere.get('k')).toEqual(stored);
    expect(await cache.get('absent')).toBeUndefined();
  });

  it('keeps to its byte budget, oldest out first, and counts a replaced entry once', async () => {
    const cache = fresh({ maxBytes: 4000, maxEntryShare: 1 / 2 });
    const body = (fill: number) => answer(Buffer.alloc(1000, fill));
    for (const [i, key] of ['a', 'b', 'c'].entries()) await cache.set(key, body(i));
    await cache.set('c', body(7));
    expect(await cache.bytes()).toBe(3 * answerBytes('a', body(1)));
    await cache.set('d', body(4));
    expect(await cache.get('a')).toBeUndefined();
    expect((await cache.get('b'))?.body).toEqual(Buffer.alloc(1000, 1));
    expect((await cache.get('c'))?.body).toEqual(Buffer.alloc(1000, 7));
    expect(await cache.bytes()).toBe(3 * answerBytes('a', body(1)));
  });

  it('keeps nothing larger than its share, and nothing with 0 bytes', async () => {
    const cache = fresh({ maxBytes: 8000 });
    await cache.set('large', answer(Buffer.alloc(1000)));
    expect(await cache.get('large')).toBeUndefined();
    const off = fresh({ maxBytes: 0 });
    await off.set('k', answer('x'));
    expect(await off.get('k')).toBeUndefined();
    expect(await off.bytes()).toBe(0);
  });

  it('lets answers expire, and stops counting them', async () => {
    const cache = fresh({ ttlSeconds: 0.2 });
    await cache.set('short', answer('soon gone'));
    await expect.poll(() => cache.get('short'), { timeout: 10_000, interval: 100 }).toBeUndefined();
    await cache.set('next', answer('fresh'));
    expect(await cache.bytes()).toBe(answerBytes('next', answer('fresh')));
  });

  it('reads a Redis failure as a miss and reports it', async () => {
    const errors: unknown[] = [];
    const down = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const cache = new RedisResultCache(down, {
      maxBytes: 1000,
      ttlSeconds: 60,
      onError: (e) => errors.push(e),
    });
    expect(await cache.get('k')).toBeUndefined();
    await cache.set('k', answer('x'));
    expect(errors).toHaveLength(2);
    down.disconnect();
  });
});
