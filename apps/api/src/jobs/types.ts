import { randomBytes } from 'node:crypto';

/*
 * Asynchronous jobs (API.md "Asynchronous jobs"): a job is an operation's own HTTP request, kept and
 * run later by an engine (in this process, or BullMQ workers sharing a Redis), whose stored answer is
 * exactly what the synchronous call would have given.
 */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface JobRecord {
  id: string;
  /** The operation's API path without the base, e.g. `images/resize`. */
  operation: string;
  /** The lane the operation runs in (one queue per lane with Redis). */
  lane: string;
  status: JobStatus;
  progress: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: { code: string; message: string } | null;
  callbackUrl: string | null;
  /** The short hash of the API key that submitted it, when keys are on: only that key may see it. */
  keyId: string | null;
}

/** The request as it arrived: replayed by whoever runs the job. */
export interface JobRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The answer the synchronous call gave. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Runs a job's request in this process and returns its answer (app.inject, see runner.ts). */
export type Execute = (request: JobRequest, signal: AbortSignal) => Promise<StoredResponse>;

/** The engine is not reachable (Redis away): new work is refused with 503 and Retry-After. */
export class EngineUnavailable extends Error {
  override name = 'EngineUnavailable';
}

/** The queue is full: 503 OVERLOADED with Retry-After. */
export class QueueFull extends Error {
  override name = 'QueueFull';
}

export interface JobEngine {
  readonly kind: 'in-process' | 'redis';
  submit(record: JobRecord, request: JobRequest): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  result(id: string): Promise<StoredResponse | undefined>;
  /** Stops a queued or running job (its work stops), or forgets a finished one. False when unknown. */
  cancel(id: string): Promise<boolean>;
  /** EXECUTION=queue: hands a synchronous request to the workers and waits for its answer. */
  runAndWait?(record: JobRecord, request: JobRequest, signal: AbortSignal): Promise<StoredResponse>;
  /** Jobs by status, for the metrics. */
  counts(): Promise<Record<JobStatus, number>>;
  close(): Promise<void>;
}

/** A job id: 128 random bits, URL-safe. */
export const newJobId = () => randomBytes(16).toString('base64url');

export function newRecord(
  fields: Pick<JobRecord, 'operation' | 'lane' | 'callbackUrl' | 'keyId'>,
): JobRecord {
  return {
    id: newJobId(),
    status: 'queued',
    progress: 0,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    error: null,
    ...fields,
  };
}

/** The error of a failed answer, read from the contract's JSON error body. */
export function errorOf(response: StoredResponse): JobRecord['error'] {
  if (response.status < 400) return null;
  try {
    const body = JSON.parse(response.body.toString('utf8')) as { code?: unknown; message?: unknown };
    return { code: String(body.code ?? 'INTERNAL_ERROR'), message: String(body.message ?? '') };
  } catch {
    return { code: 'INTERNAL_ERROR', message: 'The operation failed.' };
  }
}

/** Where a job ends up once its answer is known. */
export function finished(record: JobRecord, response: StoredResponse): JobRecord {
  return {
    ...record,
    status: response.status < 400 ? 'succeeded' : 'failed',
    progress: 100,
    finishedAt: new Date().toISOString(),
    error: errorOf(response),
  };
}

export const emptyCounts = (): Record<JobStatus, number> => ({
  queued: 0,
  running: 0,
  succeeded: 0,
  failed: 0,
  cancelled: 0,
});

/** The answer of a job whose run broke down (a bug of ours, never the operation's own error). */
export function internalError(): StoredResponse {
  const body = { success: false, message: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' };
  return {
    status: 500,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(body)),
  };
}
