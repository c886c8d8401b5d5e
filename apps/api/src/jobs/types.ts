import { randomBytes } from 'node:crypto';
import { apiBasePath, type LiveToolId } from '@toolkit/catalog';
import type { InputFile } from '../core/fields.js';
import type { StoredResponse } from '../core/result.js';

export type { StoredResponse };

/*
 * Asynchronous jobs (API.md "Asynchronous jobs"): a job is an operation's checked input, kept and
 * run later by an engine (in this process, or BullMQ workers sharing a Redis) through the execution
 * core, whose stored answer is exactly what the synchronous call would have given.
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

/**
 * What a job runs: an operation's input as the synchronous route checked it (its fields as sent,
 * validated again when it runs), or a pipeline's document and files. Whoever runs it hands it to
 * the execution core, as the route would have.
 */
export type JobInput =
  | {
      kind: 'tool';
      tool: LiveToolId;
      fields: Record<string, unknown>;
      /** The JSON body as sent, when the fields came as one (its numbers kept as written). */
      json?: string;
      files: InputFile[];
      accept?: string;
    }
  | { kind: 'pipeline'; document: unknown; files: InputFile[]; accept?: string };

/** A job's input as stored: its description as JSON and its files' bytes one after the other. */
export interface PackedInput {
  meta: string;
  body: Buffer;
}

/** Stores a job's input as JSON plus one buffer (the files are never copied into the JSON). */
export function packInput(input: JobInput): PackedInput {
  const { files, ...rest } = input;
  const meta = {
    ...rest,
    files: files.map(({ filename, declaredType, data }) => ({ filename, declaredType, size: data.length })),
  };
  return { meta: JSON.stringify(meta), body: Buffer.concat(files.map((file) => file.data)) };
}

/** The input packInput stored (each file a view of the body, not a copy). */
export function unpackInput({ meta, body }: PackedInput): JobInput {
  const parsed = JSON.parse(meta) as Omit<JobInput, 'files'> & {
    files: { filename: string; size: number }[];
  };
  let offset = 0;
  const files = parsed.files.map(({ filename, size }) => {
    const data = body.subarray(offset, offset + size);
    offset += size;
    return { filename, data };
  });
  return { ...parsed, files } as JobInput;
}

/** Runs a job's input through the execution core and returns its answer (see executor.ts). */
export type Execute = (input: JobInput, signal: AbortSignal) => Promise<StoredResponse>;

/** The engine is not reachable (Redis away): new work is refused with 503 and Retry-After. */
export class EngineUnavailable extends Error {
  override name = 'EngineUnavailable';
}

/** The queue is full (its queued inputs, or the results kept, in bytes): 503 OVERLOADED with Retry-After. */
export class QueueFull extends Error {
  override name = 'QueueFull';
}

/** The engine is stopping (SIGTERM): new work is refused with 503 SHUTTING_DOWN. */
export class ShuttingDown extends Error {
  override name = 'ShuttingDown';
}

export interface JobEngine {
  readonly kind: 'in-process' | 'redis';
  submit(record: JobRecord, input: JobInput): Promise<void>;
  get(id: string): Promise<JobRecord | undefined>;
  result(id: string): Promise<StoredResponse | undefined>;
  /** Stops a queued or running job (its work stops), or forgets a finished one. False when unknown. */
  cancel(id: string): Promise<boolean>;
  /** EXECUTION=queue: hands a synchronous call to the workers and waits for its answer. */
  runAndWait?(record: JobRecord, input: JobInput, signal: AbortSignal): Promise<StoredResponse>;
  /** Jobs by status, as their records say, for the metrics. */
  counts(): Promise<Record<JobStatus, number>>;
  /** Whether a worker has been seen lately (Redis: its heartbeat key). */
  workersSeen?(): Promise<boolean>;
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

/** The status document of a job, as GET /jobs/{id} and the webhook show it. */
export function statusDocument(record: JobRecord) {
  const { callbackUrl: _c, keyId: _k, lane: _l, ...shown } = record;
  return { ...shown, resultUrl: `${apiBasePath}/jobs/${record.id}/result` };
}
