import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { type IdempotencyStore, MemoryIdempotencyStore, RedisIdempotencyStore } from '../net/idempotency.js';
import { MemoryResultCache, RedisResultCache } from '../net/result-cache.js';
import type { AnswerCacheOptions } from './cached-answer.js';
import { type UrlFetcher, urlFetcher } from './url-input.js';

/*
 * What the routes need for URL inputs, the result cache and idempotency keys, built once per server
 * from its configuration: in memory, or shared by every instance through the Redis of REDIS_URL.
 */

export interface NetContext {
  fetcher: UrlFetcher;
  answers: AnswerCacheOptions;
  idempotency: IdempotencyStore;
  /** Closes the Redis connection, if any. */
  close: () => Promise<void>;
}

/**
 * How long a cached answer stays in Redis at most. Answers do not go stale (the key is everything
 * they are computed from); the byte budget decides what stays, and this only lets a forgotten
 * cache empty itself.
 */
const redisCacheTtlSeconds = 7 * 24 * 3600;

export function createNetContext(config: Config, onRedisError?: (error: unknown) => void): NetContext {
  const { maxBytes, maxAgeSeconds } = config.resultCache;
  const ttlSeconds = config.idempotencyTtlSeconds;
  const fetcher = urlFetcher(config);
  const url = config.rateLimit.redisUrl;
  if (!url) {
    return {
      fetcher,
      answers: { cache: maxBytes > 0 ? new MemoryResultCache({ maxBytes }) : undefined, maxAgeSeconds },
      idempotency: new MemoryIdempotencyStore({ ttlSeconds }),
      close: async () => undefined,
    };
  }
  // A command waits for the connection once at most: then a cache miss, or a 503 for a key.
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error) => onRedisError?.(error));
  const cache =
    maxBytes > 0
      ? new RedisResultCache(redis, {
          maxBytes,
          ttlSeconds: redisCacheTtlSeconds,
          ...(onRedisError ? { onError: onRedisError } : {}),
        })
      : undefined;
  return {
    fetcher,
    answers: { cache, maxAgeSeconds },
    idempotency: new RedisIdempotencyStore(redis, { ttlSeconds }),
    close: async () => {
      redis.disconnect();
    },
  };
}
