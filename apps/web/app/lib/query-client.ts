import { QueryClient } from '@tanstack/react-query';

/** Stale time and cache lifetime of queries (specification §9). */
export const QUERY_CACHE_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
/** Failed mutations are retried at most this many times, and only when a retry can help. */
export const MUTATION_RETRIES = 2;
export const MAX_RETRY_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 30 s. `attempt` is 0 after the first failure. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/**
 * The shape the API client's errors are read through: an HTTP status when there was a response, and
 * the server's Retry-After (seconds) when it sent one.
 */
export interface HttpErrorLike {
  status?: number;
  retryAfterSeconds?: number;
}

function httpError(error: unknown): HttpErrorLike | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? (error as HttpErrorLike) : undefined;
}

/**
 * A retry can help after a network failure (fetch rejects with a TypeError), an overloaded or failing
 * server (5xx) or rate limiting (429). A 4xx says the request itself is wrong: sending it again would
 * fail again. A request the user aborted stays aborted.
 */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  const http = httpError(error);
  if (http?.status !== undefined) return http.status >= 500 || http.status === 429;
  return error instanceof TypeError;
}

export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < MUTATION_RETRIES && isRetryableError(error);
}

/** Honours Retry-After when the server sent one (capped), else backs off exponentially. */
export function mutationRetryDelay(failureCount: number, error: unknown): number {
  const retryAfter = httpError(error)?.retryAfterSeconds;
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return Math.min(retryAfter * 1000, MAX_RETRY_DELAY_MS);
  }
  return backoffDelay(failureCount);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE_MS,
        gcTime: QUERY_CACHE_MS,
        retry: QUERY_RETRIES,
        retryDelay: (attempt) => backoffDelay(attempt),
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: mutationRetryDelay,
      },
    },
  });
}
