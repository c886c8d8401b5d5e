import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  createQueryClient,
  isRetryableError,
  mutationRetryDelay,
  QUERY_CACHE_MS,
  shouldRetryMutation,
} from './query-client';

const httpError = (status: number, retryAfterSeconds?: number) =>
  Object.assign(new Error(`HTTP ${status}`), { status, retryAfterSeconds });

describe('query client defaults', () => {
  it('keeps data fresh and cached for 5 minutes and retries queries 3 times', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(QUERY_CACHE_MS).toBe(300_000);
    expect(options.queries?.staleTime).toBe(300_000);
    expect(options.queries?.gcTime).toBe(300_000);
    expect(options.queries?.retry).toBe(3);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('mutation retries', () => {
  it('retry network failures, 5xx and 429', () => {
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableError(httpError(500))).toBe(true);
    expect(isRetryableError(httpError(503))).toBe(true);
    expect(isRetryableError(httpError(429))).toBe(true);
  });

  it('never retry a 4xx, an abort or a programming error', () => {
    for (const status of [400, 401, 403, 404, 413, 415, 422]) {
      expect(isRetryableError(httpError(status)), String(status)).toBe(false);
    }
    expect(isRetryableError(new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(isRetryableError(new Error('oops'))).toBe(false);
  });

  it('retry at most 2 times (failure counts 0 and 1, not 2)', () => {
    const error = httpError(503);
    expect([0, 1, 2].map((count) => shouldRetryMutation(count, error))).toEqual([true, true, false]);
    expect(shouldRetryMutation(0, httpError(400))).toBe(false);
  });

  it('wait for Retry-After when the server sends it, capped at 30 s', () => {
    expect(mutationRetryDelay(0, httpError(429, 3))).toBe(3000);
    expect(mutationRetryDelay(0, httpError(503, 120))).toBe(30_000);
    expect(mutationRetryDelay(0, httpError(503))).toBe(1000);
    expect(mutationRetryDelay(1, new TypeError('Failed to fetch'))).toBe(2000);
  });
});
