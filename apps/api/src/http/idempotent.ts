import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { type Claim, type IdempotencyStore, readIdempotencyKey, requestHashOf } from '../net/idempotency.js';

/*
 * Idempotency-Key on a request that starts a job (an async operation or pipeline): the same key
 * with the same request answers the job it started; see net/idempotency.ts for the stores.
 */

/** What makes two requests the same, besides method and path: the fields and the input bytes. */
export interface IdempotentRequest {
  store: IdempotencyStore;
  fields: Record<string, unknown>;
  files: readonly { data: Buffer }[];
}

export interface HeldKey extends Claim {
  /** Gives the key back (the job could not be queued), so that a retry can start it. */
  release: () => Promise<void>;
}

/**
 * Claims the request's Idempotency-Key for `jobId`, scoped to its API key or else its address;
 * undefined without the header. Throws 400 for a malformed key, 422 IDEMPOTENCY_KEY_REUSED for a
 * key already used by another request, 503 when the shared store cannot be reached (starting a
 * second job silently is what the key is there to prevent).
 */
export async function claimIdempotencyKey(
  request: FastifyRequest,
  idempotent: IdempotentRequest,
  jobId: string,
  retryAfterSeconds: number,
): Promise<HeldKey | undefined> {
  const key = readIdempotencyKey(request.headers['idempotency-key']);
  if (key === undefined) return undefined;
  const scope = request.apiKeyId ? `key:${request.apiKeyId}` : `ip:${request.ip}`;
  const path = request.url.split('?', 1)[0] ?? request.url;
  const hash = requestHashOf(
    request.method,
    path,
    idempotent.fields,
    idempotent.files.map((file) => file.data),
  );
  let claim: Claim;
  try {
    claim = await idempotent.store.claim(scope, key, hash, jobId);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      'OVERLOADED',
      'The Idempotency-Key store cannot be reached right now. Try again shortly.',
      {
        cause: error,
        headers: { 'retry-after': String(retryAfterSeconds) },
      },
    );
  }
  return {
    ...claim,
    release: () => idempotent.store.release(scope, key, jobId).catch(() => undefined),
  };
}
