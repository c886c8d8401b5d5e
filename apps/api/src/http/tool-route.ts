import { performance } from 'node:perf_hooks';
import { type LiveTool, laneOf, liveTools, maxFormBytes } from '@toolkit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { laneFor, laneSlot, serverRestarting } from '../core/admission.js';
import { type Core, operationName } from '../core/core.js';
import { stripEmpty } from '../core/fields.js';
import { ApiError } from '../errors.js';
import type { JobsOptions } from '../jobs/setup.js';
import { configureHeavyNice } from '../runtime/priority.js';
import { configureWorkerPool } from '../runtime/worker-pool.js';
import { refuseEarly } from './early-refusal.js';
import { dispatchJob, dispatchOf } from './jobs-routes.js';
import { multipartLimitsFor } from './multipart.js';
import { sendResult } from './reply.js';
import { readToolInput } from './tool-input.js';
import { guardUpload } from './upload-guard.js';

/** Route config flag read by the load-shedding plugin: this route does real work. */
export interface ToolRouteConfig {
  tool: string;
  maxBodyBytes: number;
}

/** Aborted when the client goes away before its answer is written. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished)
      controller.abort(new ApiError('MALFORMED_REQUEST', 'The client went away.'));
  });
  return controller.signal;
}

/** What every route that runs work needs: the core, the jobs engine, the server's shutdown. */
export interface RouteContext {
  core: Core;
  jobs: JobsOptions;
  /** Aborted when the server starts shutting down: uploads still arriving are answered at once. */
  shutdown: AbortSignal;
}

/** A slot of the tool's lane, taken before the body is read; refused (503) or left if the client goes. */
async function admit(request: FastifyRequest, reply: FastifyReply, spec: LiveTool, core: Core) {
  const lane = core.lanes[laneFor(spec, Number(request.headers['content-length']), core.config)];
  const waiting = new AbortController();
  const gone = () => waiting.abort(new ApiError('MALFORMED_REQUEST', 'The client closed the connection.'));
  reply.raw.once('close', gone);
  try {
    return { lane, release: await laneSlot(lane, request.ip, waiting.signal) };
  } finally {
    reply.raw.off('close', gone);
  }
}

/**
 * Registers one tool route from its catalog entry: the size guard, then (for a call run here) a
 * lane slot, the input read under the upload guards and checked by the core, and the core's run
 * under its deadline; a call sent async (or to the workers) is checked the same way first.
 */
export function registerToolRoute(app: FastifyInstance, spec: LiveTool, context: RouteContext): void {
  const { core, jobs } = context;
  const { config } = core;
  const fileBytes = core.uploadLimitOf(spec);
  const multipartLimits = multipartLimitsFor(config, fileBytes, spec.api.input);
  const text = spec.api.input.kind === 'json-or-file' ? spec.api.input.textKey : undefined;

  app.route({
    method: spec.api.method,
    url: spec.api.path,
    config: {
      tool: spec.id,
      maxBodyBytes: Math.max(maxFormBytes(spec.api.input, fileBytes), config.limits.bodyBytes),
    } satisfies ToolRouteConfig,
    onRequest: refuseEarly(spec.api.input, fileBytes),
    handler: async (request, reply) => {
      const arrived = performance.now();
      const mode = dispatchOf(request, jobs);
      // Work run here takes its lane's slot before its body is read (waiting bodies stay unread).
      const admitted = mode === 'sync' ? await admit(request, reply, spec, core) : undefined;
      request.laneWaitMs = Math.round((performance.now() - arrived) * 10) / 10;
      // Until the work starts this handler gives the slot back; from then on the core does, once
      // the work has really stopped.
      let handedOver = false;
      try {
        // (The connection, not the request stream: a body Fastify has already parsed, JSON or
        // text, leaves its stream destroyed.)
        if (request.raw.socket?.destroyed)
          throw new ApiError('MALFORMED_REQUEST', 'The client closed the connection.');
        const started = performance.now();
        const raw = await guardUpload(
          request.raw,
          readToolInput(request, spec.api.input, multipartLimits),
          config.uploadPace,
          context.shutdown,
        );
        const call = core.check(spec, raw.fields, raw.files);
        if (mode !== 'sync') {
          const input = {
            kind: 'tool' as const,
            tool: spec.id,
            fields: stripEmpty(raw.fields, text),
            files: raw.files.map(({ filename, data, declaredType }) => ({ filename, data, declaredType })),
            ...(request.headers.accept ? { accept: request.headers.accept } : {}),
          };
          const operation = spec.api.path.slice(1);
          return dispatchJob(request, reply, jobs, { input, operation, lane: laneOf(spec), mode });
        }
        const received = performance.now();
        handedOver = true;
        const result = await core.run(call, {
          client: request.ip,
          log: request.log,
          signal: clientGone(reply),
          accept: request.headers.accept,
          ...(admitted ? { admitted } : {}),
        });
        const timings = {
          queue: started - arrived,
          upload: received - started,
          process: performance.now() - received,
        };
        const sourceName = raw.files[0]?.filename;
        return sendResult(reply, result, { operation: operationName(spec), sourceName }, timings);
      } finally {
        if (admitted && !handedOver) admitted.release();
      }
    },
  });
}

/** Registers every live tool of the catalog; they share the core's lanes. */
export function registerTools(app: FastifyInstance, context: RouteContext, shutdown: AbortController): void {
  const { config } = context.core;
  configureWorkerPool({ lightThreads: config.lanes.light.concurrency });
  configureHeavyNice(config.runtime.heavyNice);
  // Uploads still arriving when shutdown starts get their 503 now, not a cut-off later.
  app.addHook('preClose', async () => shutdown.abort(serverRestarting()));
  for (const tool of liveTools) registerToolRoute(app, tool, context);
}
