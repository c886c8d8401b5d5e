import { apiBasePath } from '@toolkit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { CallbackRefused, checkCallbackUrl } from '../jobs/callback-guard.js';
import type { JobsOptions } from '../jobs/setup.js';
import {
  EngineUnavailable,
  type JobInput,
  type JobRecord,
  newRecord,
  QueueFull,
  ShuttingDown,
  statusDocument,
} from '../jobs/types.js';
import { claimIdempotencyKey, type IdempotentRequest } from './idempotent.js';
import { sendStored } from './reply.js';

/*
 * The jobs API: `Prefer: respond-async` on any operation answers 202 with the job's address once its
 * input has passed every check the synchronous call makes (the route reads and validates it first);
 * the job routes report, return and cancel it. With EXECUTION=queue a synchronous call is a job
 * too, whose answer is awaited and sent.
 */

const jobsPath = '/jobs/:id';

/** How a request is to run: here and now, as a job answered 202, or by the workers (EXECUTION=queue). */
export type Dispatch = 'sync' | 'async' | 'queue';

export function dispatchOf(request: FastifyRequest, options: JobsOptions): Dispatch {
  return wantsAsync(request) ? 'async' : options.queueSynchronous ? 'queue' : 'sync';
}

function wantsAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const value = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return value.split(',').some((token) => token.split(';', 1)[0]?.trim().toLowerCase() === 'respond-async');
}

const busy = (options: JobsOptions, message: string) =>
  new ApiError('OVERLOADED', message, { headers: { 'retry-after': String(options.retryAfterSeconds) } });

/** The webhook address of an async request, checked (400 INVALID_CALLBACK_URL), or null. */
async function callbackOf(request: FastifyRequest, options: JobsOptions): Promise<string | null> {
  const callback = request.headers['callback-url'];
  if (typeof callback !== 'string' || !callback.trim()) return null;
  if (!options.webhooks.enabled) {
    throw new ApiError(
      'INVALID_CALLBACK_URL',
      'Webhooks are off on this server (WEBHOOK_SECRET is not set).',
    );
  }
  try {
    return (await checkCallbackUrl(callback.trim(), options.webhooks.allowPrivate)).href;
  } catch (error) {
    throw new ApiError('INVALID_CALLBACK_URL', error instanceof CallbackRefused ? error.message : undefined);
  }
}

/**
 * Hands a checked input to the jobs engine: `async` answers 202 with the job's address, `queue`
 * waits for the workers' answer and sends it. `operation` is the API path without the base.
 */
export async function dispatchJob(
  request: FastifyRequest,
  reply: FastifyReply,
  options: JobsOptions,
  job: {
    input: JobInput;
    operation: string;
    lane: string;
    mode: Exclude<Dispatch, 'sync'>;
    /** What an Idempotency-Key compares (async requests only). */
    idempotent?: IdempotentRequest;
  },
): Promise<FastifyReply> {
  const { engine } = options;
  const callbackUrl = job.mode === 'async' ? await callbackOf(request, options) : null;
  const record = newRecord({
    operation: job.operation,
    lane: job.lane,
    callbackUrl,
    keyId: request.apiKeyId ?? null,
  });
  const held =
    job.mode === 'async' && job.idempotent
      ? await claimIdempotencyKey(request, job.idempotent, record.id, options.retryAfterSeconds)
      : undefined;
  // The same key and request again: the job it started, not another one.
  if (held?.reused) {
    const status = (await engine.get(held.jobId).catch(() => undefined))?.status ?? 'queued';
    return accepted(reply, held.jobId, status, `This Idempotency-Key's job is ${status}.`);
  }
  try {
    if (job.mode === 'queue' && engine.runAndWait) {
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      return sendStored(reply, await engine.runAndWait(record, job.input, controller.signal));
    }
    await engine.submit(record, job.input);
  } catch (error) {
    await held?.release();
    if (error instanceof QueueFull) throw busy(options, 'The job queue is full. Try again shortly.');
    if (error instanceof ShuttingDown) {
      throw new ApiError('SHUTTING_DOWN', undefined, {
        headers: { 'retry-after': String(options.retryAfterSeconds), connection: 'close' },
      });
    }
    if (error instanceof EngineUnavailable)
      throw busy(options, 'The job queue cannot be reached right now. Try again shortly.');
    throw error;
  }
  return accepted(reply, record.id, 'queued', 'The job is queued.');
}

function accepted(
  reply: FastifyReply,
  id: string,
  status: JobRecord['status'],
  message: string,
): FastifyReply {
  const location = `${apiBasePath}/jobs/${id}`;
  return reply
    .code(202)
    .header('location', location)
    .header('preference-applied', 'respond-async')
    .send({
      success: true,
      message,
      data: { id, status, statusUrl: location, resultUrl: `${location}/result` },
    });
}

async function jobs(app: FastifyInstance, options: JobsOptions): Promise<void> {
  const { engine } = options;

  async function visibleJob(request: FastifyRequest<{ Params: { id: string } }>): Promise<JobRecord> {
    let record: JobRecord | undefined;
    try {
      record = await engine.get(request.params.id);
    } catch {
      throw busy(options, 'The job store cannot be reached right now. Try again shortly.');
    }
    // With API keys on, a job belongs to the key that made it.
    if (!record || (record.keyId && record.keyId !== request.apiKeyId)) {
      throw new ApiError(
        'NOT_FOUND',
        `There is no job ${request.params.id.slice(0, 64)}: it never existed, or it has expired.`,
      );
    }
    return record;
  }

  app.get<{ Params: { id: string } }>(jobsPath, async (request, reply) => {
    const record = await visibleJob(request);
    reply.header('cache-control', 'no-store');
    return { success: true, message: `The job is ${record.status}.`, data: statusDocument(record) };
  });

  app.get<{ Params: { id: string } }>(`${jobsPath}/result`, async (request, reply) => {
    const record = await visibleJob(request);
    if (record.status === 'queued' || record.status === 'running') {
      throw new ApiError('JOB_NOT_FINISHED', `The job is ${record.status}: ask again in a moment.`, {
        headers: { 'retry-after': '1' },
      });
    }
    const response = record.status === 'cancelled' ? undefined : await engine.result(record.id);
    if (!response) throw new ApiError('NOT_FOUND', `The job was ${record.status} and has no result.`);
    return sendStored(reply, response);
  });

  app.delete<{ Params: { id: string } }>(jobsPath, async (request, reply) => {
    const record = await visibleJob(request);
    await engine.cancel(record.id);
    return reply.code(204).send();
  });
}

export const jobsPlugin = fp(jobs, { name: 'jobs' });
