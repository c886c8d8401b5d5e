import { apiBasePath, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { CallbackRefused, checkCallbackUrl } from './callback-guard.js';
import {
  EngineUnavailable,
  type JobEngine,
  type JobRecord,
  type JobRequest,
  newRecord,
  QueueFull,
} from './types.js';

/*
 * The jobs API: `Prefer: respond-async` on any operation answers 202 with the job's address, the job
 * routes report, return and cancel it. With EXECUTION=queue a synchronous request is a job too, whose
 * answer is awaited and replayed. Requests run by an engine (marked internal) pass straight through.
 */

export interface JobsOptions {
  engine: JobEngine;
  /** Hand synchronous requests to the engine as well (EXECUTION=queue). */
  queueSynchronous: boolean;
  webhooks: { enabled: boolean; allowPrivate: boolean };
  retryAfterSeconds: number;
  laneOf: (tool: ToolSpec) => string;
  toolOf: (request: FastifyRequest) => { spec: ToolSpec; maxBodyBytes: number } | undefined;
}

const jobsPath = '/jobs/:id';
const headersKept = ['content-type', 'accept', 'accept-encoding', 'x-request-id'];

function wantsAsync(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  const value = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return value.split(',').some((token) => token.split(';', 1)[0]?.trim().toLowerCase() === 'respond-async');
}

/** Reads the whole body, refusing it past the route's limit (the same limit the route applies). */
async function readBody(request: FastifyRequest, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        `The request body is larger than the ${Math.round(limit / 1e6)} MB allowed.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function statusDocument(record: JobRecord) {
  const { callbackUrl: _c, keyId: _k, lane: _l, ...shown } = record;
  return { ...shown, resultUrl: `${apiBasePath}/jobs/${record.id}/result` };
}

function replay(
  reply: FastifyReply,
  response: { status: number; headers: Record<string, string>; body: Buffer },
) {
  const { 'content-length': _length, 'x-request-id': _id, ...headers } = response.headers;
  return reply.code(response.status).headers(headers).send(response.body);
}

async function jobs(app: FastifyInstance, options: JobsOptions): Promise<void> {
  const { engine } = options;
  const busy = (message: string) =>
    new ApiError('OVERLOADED', message, { headers: { 'retry-after': String(options.retryAfterSeconds) } });

  async function visibleJob(request: FastifyRequest<{ Params: { id: string } }>): Promise<JobRecord> {
    let record: JobRecord | undefined;
    try {
      record = await engine.get(request.params.id);
    } catch {
      throw busy('The job store cannot be reached right now. Try again shortly.');
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

  app.addHook('onRequest', async (request, reply) => {
    if (request.internal) return;
    const tool = options.toolOf(request);
    if (!tool) return;
    const async = wantsAsync(request);
    if (!async && !options.queueSynchronous) return;
    const callback = request.headers['callback-url'];
    let callbackUrl: string | null = null;
    if (async && typeof callback === 'string' && callback.trim()) {
      if (!options.webhooks.enabled) {
        throw new ApiError(
          'INVALID_CALLBACK_URL',
          'Webhooks are off on this server (WEBHOOK_SECRET is not set).',
        );
      }
      try {
        callbackUrl = (await checkCallbackUrl(callback.trim(), options.webhooks.allowPrivate)).href;
      } catch (error) {
        throw new ApiError(
          'INVALID_CALLBACK_URL',
          error instanceof CallbackRefused ? error.message : undefined,
        );
      }
    }
    const body = await readBody(request, tool.maxBodyBytes);
    const headers: Record<string, string> = {};
    for (const name of headersKept) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const jobRequest: JobRequest = { method: request.method, url: request.url, headers, body };
    const record = newRecord({
      operation: tool.spec.api.path.slice(1),
      lane: options.laneOf(tool.spec),
      callbackUrl,
      keyId: request.apiKeyId ?? null,
    });
    try {
      if (!async && engine.runAndWait) {
        const controller = new AbortController();
        reply.raw.once('close', () => controller.abort());
        return replay(reply, await engine.runAndWait(record, jobRequest, controller.signal));
      }
      await engine.submit(record, jobRequest);
    } catch (error) {
      if (error instanceof QueueFull) throw busy('The job queue is full. Try again shortly.');
      if (error instanceof EngineUnavailable)
        throw busy('The job queue cannot be reached right now. Try again shortly.');
      throw error;
    }
    const location = `${apiBasePath}/jobs/${record.id}`;
    return reply
      .code(202)
      .header('location', location)
      .header('preference-applied', 'respond-async')
      .send({
        success: true,
        message: 'The job is queued.',
        data: { id: record.id, status: 'queued', statusUrl: location, resultUrl: `${location}/result` },
      });
  });

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
    return replay(reply, response);
  });

  app.delete<{ Params: { id: string } }>(jobsPath, async (request, reply) => {
    const record = await visibleJob(request);
    await engine.cancel(record.id);
    return reply.code(204).send();
  });
}

/** Not encapsulated: its hook must see the tool routes registered beside it. */
export const jobsPlugin = fp(jobs, { name: 'jobs' });

/** The status document of a job, as GET /jobs/{id} and the webhook show it. */
export { statusDocument };
