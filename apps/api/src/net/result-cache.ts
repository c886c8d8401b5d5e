import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Answers kept by what they were computed from, bounded in bytes (RESULT_CACHE_BYTES; 0 turns the
 * cache off). The key is SHA-256 over the operation, its normalized fields (canonical JSON, keys
 * sorted) and the input bytes, each length-prefixed so no two different requests frame alike; the
 * strong ETag is that hash in quotes. In memory (LRU by bytes) or in Redis (shared by instances).
 *
 * @example
 *   const key = cacheKey('images/resize', { width: 800, fit: 'cover' }, [upload]);
 *   if (ifNoneMatchHits(request.headers['if-none-match'], etagOf(key))) return reply.code(304).send();
 *   const hit = await cache.get(key); // { status, headers, body } | undefined
 *   if (!hit) await cache.set(key, { status: 200, headers, body });
 */

export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ResultCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  set(key: string, value: CachedAnswer): Promise<void>;
}

import { canonicalJson } from './canonical-json.js';

export { canonicalJson };

function lengthPrefix(bytes: number): Buffer {
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64BE(BigInt(bytes));
  return prefix;
}

/**
 * The cache key (base64url SHA-256) of an operation run on these fields and inputs. Hashed:
 * `toolkit-result-v1`, then the operation and the canonical JSON of the fields, each after its UTF-8
 * length as a u64 big-endian, then the number of inputs (u64) and each input after its length (u64).
 */
export function cacheKey(
  operation: string,
  fields: Record<string, unknown>,
  inputs: readonly Buffer[],
): string {
  const hash = createHash('sha256').update('toolkit-result-v1');
  for (const part of [Buffer.from(operation), Buffer.from(canonicalJson(fields))]) {
    hash.update(lengthPrefix(part.length)).update(part);
  }
  hash.update(lengthPrefix(inputs.length));
  for (const input of inputs) hash.update(lengthPrefix(input.length)).update(input);
  return hash.digest('base64url');
}

/** The strong ETag of a key: `"<base64url hash>"`. */
export const etagOf = (key: string): string => `"${key}"`;

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Bytes an answer holds: body, headers and a little for the bookkeeping. */
export function answerBytes(key: string, value: CachedAnswer): number {
  let bytes = 64 + key.length + value.body.length;
  for (const [name, text] of Object.entries(value.headers)) bytes += name.length + Buffer.byteLength(text);
  return bytes;
}

export interface CacheBudget {
  /** RESULT_CACHE_BYTES; 0 turns the cache off. */
  maxBytes: number;
  /** An answer larger than this share of the budget is not kept: it would push out many small ones. */
  maxEntryShare?: number;
}

const defaultShare = 1 / 8;

/** A body that owns its memory: a view into a larger buffer would keep all of it alive uncounted. */
function owned(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return body;
  const copy = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(copy);
  return copy;
}

/** In this process: least recently used answers go first once the bytes pass the budget. */
export class MemoryResultCache implements ResultCache {
  readonly #entries = new Map<string, { value: CachedAnswer; bytes: number }>();
  readonly #maxBytes: number;
  readonly #maxEntry: number;
  #bytes = 0;

  constructor(budget: CacheBudget) {
    this.#maxBytes = Math.max(0, budget.maxBytes);
    this.#maxEntry = this.#maxBytes * (budget.maxEntryShare ?? defaultShare);
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // A Map keeps insertion order: moving the entry to the end makes the first one the least recent.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { ...entry.value, headers: { ...entry.value.headers } };
  }

  async set(key: string, value: CachedAnswer): Promise<void> {
    this.#remove(key);
    const bytes = answerBytes(key, value);
    if (this.#maxBytes === 0 || bytes > this.#maxEntry) return;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes + bytes <= this.#maxBytes) break;
      this.#remove(oldest);
    }
    const stored = { status: value.status, headers: { ...value.headers }, body: owned(value.body) };
    this.#entries.set(key, { value: stored, bytes });
    this.#bytes += bytes;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/*
 * Redis bookkeeping, all under one prefix: `<prefix>e:<key>` the answer (with a TTL),
 * `<prefix>order` a sorted set of keys by expiry time, `<prefix>sizes` a hash of their sizes and
 * `<prefix>bytes` their sum. One script admits an answer atomically: it forgets entries that expired
 * on their own, then deletes the oldest until the new one fits. (Single Redis only: the script
 * touches keys it is not given, which Redis Cluster forbids.)
 */
const admitScript = `
local order, sizes, total, entries = KEYS[1], KEYS[2], KEYS[3], ARGV[1]
local member, size, budget, ttl = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function forget(m)
  local s = tonumber(redis.call('HGET', sizes, m) or '0')
  redis.call('HDEL', sizes, m)
  redis.call('ZREM', order, m)
  redis.call('DECRBY', total, s)
  return s
end
for _, m in ipairs(redis.call('ZRANGEBYSCORE', order, '-inf', now, 'LIMIT', 0, 1000)) do forget(m) end
if redis.call('HEXISTS', sizes, member) == 1 then forget(member) end
local used = tonumber(redis.call('GET', total) or '0')
while used + size > budget do
  local oldest = redis.call('ZRANGE', order, 0, 0)[1]
  if not oldest then break end
  used = used - forget(oldest)
  redis.call('DEL', entries .. oldest)
end
redis.call('SET', entries .. member, ARGV[6], 'PX', ttl)
redis.call('ZADD', order, now + ttl, member)
redis.call('HSET', sizes, member, size)
redis.call('INCRBY', total, size)
return 1
`;

export interface RedisCacheOptions extends CacheBudget {
  /** How long an answer is kept at most. */
  ttlSeconds: number;
  prefix?: string;
  /** A cache never fails a request: Redis errors are reported here and read as misses. */
  onError?: (error: unknown) => void;
}

/** Status and headers as JSON, then the body: `<u32 length><json><body>`. */
function encode(value: CachedAnswer): Buffer {
  const head = Buffer.from(JSON.stringify({ status: value.status, headers: value.headers }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, value.body]);
}

function decode(data: Buffer): CachedAnswer | undefined {
  if (data.length < 4) return undefined;
  const headLength = data.readUInt32BE(0);
  try {
    const head = JSON.parse(data.subarray(4, 4 + headLength).toString()) as Omit<CachedAnswer, 'body'>;
    return { status: head.status, headers: head.headers, body: Buffer.from(data.subarray(4 + headLength)) };
  } catch {
    return undefined;
  }
}

/** Shared by every instance on the Redis of REDIS_URL, with its own byte budget and a TTL. */
export class RedisResultCache implements ResultCache {
  readonly #redis: Redis;
  readonly #options: RedisCacheOptions;
  readonly #prefix: string;
  readonly #maxEntry: number;

  constructor(redis: Redis, options: RedisCacheOptions) {
    this.#redis = redis;
    this.#options = options;
    this.#prefix = options.prefix ?? 'toolkit:result-cache:';
    this.#maxEntry = Math.max(0, options.maxBytes) * (options.maxEntryShare ?? defaultShare);
  }

  /** The bytes the budget counts now (for metrics and tests). */
  async bytes(): Promise<number> {
    return Number((await this.#redis.get(`${this.#prefix}bytes`)) ?? 0);
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    if (this.#options.maxBytes <= 0) return undefined;
    try {
      const data = await this.#redis.getBuffer(`${this.#prefix}e:${key}`);
      return data ? decode(data) : undefined;
    } catch (error) {
      this.#options.onError?.(error);
      return undefined;
    }
  }

  async set(key: string, value: CachedAnswer): Promise<void> {
    const bytes = answerBytes(key, value);
    if (this.#options.maxBytes <= 0 || bytes > this.#maxEntry) return;
    const p = this.#prefix;
    const ttlMs = Math.max(1, Math.round(this.#options.ttlSeconds * 1000));
    try {
      await this.#redis.eval(
        admitScript,
        3,
        `${p}order`,
        `${p}sizes`,
        `${p}bytes`,
        `${p}e:`,
        key,
        bytes,
        this.#options.maxBytes,
        ttlMs,
        encode(value),
      );
    } catch (error) {
      this.#options.onError?.(error);
    }
  }
}
