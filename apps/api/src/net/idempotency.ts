import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';
import { cacheKey } from './result-cache.js';

/**
 * Idempotency-Key on an async request or a pipeline: the same key with the same request, within the
 * TTL, answers the job it started the first time; the same key with a different request is
 * `422 IDEMPOTENCY_KEY_REUSED`. Keys are scoped to the API key (or the client's address), so two
 * clients cannot collide or probe each other's keys.
 *
 * @example
 *   const key = readIdempotencyKey(request.headers['idempotency-key']); // undefined when absent
 *   if (key) {
 *     const hash = requestHashOf('POST', '/api/v1/images/resize', fields, [upload]);
 *     const { jobId, reused } = await store.claim(apiKeyId ?? request.ip, key, hash, newJobId);
 *     if (reused) return reply202(jobId); // else enqueue newJobId (store.release(…) if that fails)
 *   }
 */

export interface Claim {
  jobId: string;
  /** True when the key was already claimed by the same request: answer its job, start nothing. */
  reused: boolean;
}

export interface IdempotencyStore {
  /**
   * Claims `key` in `scope` for `jobId`, or gives the job that claimed it with the same request
   * hash; throws ApiError IDEMPOTENCY_KEY_REUSED when the hash differs.
   */
  claim(scope: string, key: string, requestHash: string, jobId: string): Promise<Claim>;
  /** Gives a claim back (the job could not be queued), only if `jobId` still holds it. */
  release(scope: string, key: string, jobId: string): Promise<void>;
}

const keyRule = 'Idempotency-Key must be 1 to 255 printable ASCII characters, sent once.';

/** The header's key, undefined when absent; 400 VALIDATION_ERROR naming Idempotency-Key when malformed. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header === 'string' && /^[\x20-\x7e]{1,255}$/.test(header)) return header;
  throw new ApiError('VALIDATION_ERROR', keyRule, {
    details: [{ field: 'Idempotency-Key', message: keyRule }],
  });
}

/** The hash of a request as the contract compares them: method, path, fields and input bytes. */
export function requestHashOf(
  method: string,
  path: string,
  fields: Record<string, unknown>,
  inputs: readonly Buffer[],
): string {
  return cacheKey(`${method.toUpperCase()} ${path}`, fields, inputs);
}

function reusedError(): ApiError {
  return new ApiError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request (method, path, fields or file): send a new key.',
  );
}

/** One string for (scope, key) that no other pair gives (JSON quotes both). */
const slot = (scope: string, key: string) => JSON.stringify([scope, key]);

export interface MemoryIdempotencyOptions {
  ttlSeconds: number;
  /** The oldest claims go first past this many, so a flood of keys cannot exhaust memory. */
  maxEntries?: number;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

/** In this process (the embedded engine): bounded, oldest claims out first. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #claims = new Map<string, { requestHash: string; jobId: string; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryIdempotencyOptions) {
    this.#ttlMs = options.ttlSeconds * 1000;
    this.#maxEntries = Math.max(1, options.maxEntries ?? 100_000);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#claims.size;
  }

  async claim(scope: string, key: string, requestHash: string, jobId: string): Promise<Claim> {
    const now = this.#now();
    const id = slot(scope, key);
    const held = this.#claims.get(id);
    if (held && held.expiresAt > now) {
      if (held.requestHash !== requestHash) throw reusedError();
      return { jobId: held.jobId, reused: true };
    }
    this.#claims.delete(id);
    // Insertion order is age order (every claim has the same TTL): expired and excess ones are first.
    for (const [oldest, claim] of this.#claims) {
      if (claim.expiresAt > now && this.#claims.size < this.#maxEntries) break;
      this.#claims.delete(oldest);
    }
    this.#claims.set(id, { requestHash, jobId, expiresAt: now + this.#ttlMs });
    return { jobId, reused: false };
  }

  async release(scope: string, key: string, jobId: string): Promise<void> {
    const id = slot(scope, key);
    if (this.#claims.get(id)?.jobId === jobId) this.#claims.delete(id);
  }
}

export interface RedisIdempotencyOptions {
  ttlSeconds: number;
  prefix?: string;
}

const releaseScript = `
local held = redis.call('GET', KEYS[1])
if held and cjson.decode(held).jobId == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * Shared by every instance on the Redis of REDIS_URL: SET NX with the TTL decides the one first
 * claim atomically. Redis errors are thrown: starting a second job silently is what this prevents.
 */
export class RedisIdempotencyStore implements IdempotencyStore {
  readonly #redis: Redis;
  readonly #ttlMs: number;
  readonly #prefix: string;

  constructor(redis: Redis, options: RedisIdempotencyOptions) {
    this.#redis = redis;
    this.#ttlMs = Math.max(1, Math.round(options.ttlSeconds * 1000));
    this.#prefix = options.prefix ?? 'toolkit:idempotency:';
  }

  #key(scope: string, key: string): string {
    // Hashed: a fixed length whatever the client sends, and no scope text in Redis' key space.
    return this.#prefix + createHash('sha256').update(slot(scope, key)).digest('base64url');
  }

  async claim(scope: string, key: string, requestHash: string, jobId: string): Promise<Claim> {
    const redisKey = this.#key(scope, key);
    const record = JSON.stringify({ requestHash, jobId });
    // A claim can expire between a refused SET NX and the GET after it: then try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const set = await this.#redis.set(redisKey, record, 'PX', this.#ttlMs, 'NX');
      if (set === 'OK') return { jobId, reused: false };
      const held = await this.#redis.get(redisKey);
      if (held === null) continue;
      const claim = JSON.parse(held) as { requestHash: string; jobId: string };
      if (claim.requestHash !== requestHash) throw reusedError();
      return { jobId: claim.jobId, reused: true };
    }
    throw new Error('The Idempotency-Key claim kept expiring while it was read.');
  }

  async release(scope: string, key: string, jobId: string): Promise<void> {
    await this.#redis.eval(releaseScript, 1, this.#key(scope, key), jobId);
  }
}
