import { performance } from 'node:perf_hooks';
import {
  getTool,
  type LiveToolId,
  liveTools,
  maxFormBytes,
  type ToolSpec,
  toolReference,
} from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import {
  type Admission,
  createAdmission,
  laneFor,
  laneSlot,
  serverRestarting,
  underDeadline,
} from '../http/admission.js';
import { refuseEarly } from '../http/early-refusal.js';
import { multipartLimitsFor } from '../http/multipart.js';
import { sendResult, type ToolResult } from '../http/result.js';
import { type RawToolInput, readToolInput, validateFields } from '../http/tool-input.js';
import { guardUpload } from '../http/upload-guard.js';
import { limitsOf } from '../openapi/limits.js';
import { handoffHeader, withHandoff } from '../operations/image/handoff.js';
import { configureHeavyNice } from '../runtime/priority.js';
import { configureWorkerPool } from '../runtime/worker-pool.js';
import type { HandlerContext, HandlerInput, HandlerTable } from './types.js';

/** Route config flag read by the load-shedding plugin: this route does real work. */
export interface ToolRouteConfig {
  tool: string;
  maxBodyBytes: number;
}

/**
 * Internal request header: the milliseconds a pipeline has left for this step, when fewer than the
 * operation's own limit (the step then stops, its work with it, when the pipeline's time is up).
 */
export const timeLeftHeader = 'x-toolkit-time-left-ms';

/** Validated input: fields as the schema produced them, files as readToolInput checked them. */
type CheckedInput = { fields: unknown; files: RawToolInput['files'] };

type Run = (input: CheckedInput, context: HandlerContext) => Promise<ToolResult>;

function uploadLimit(spec: ToolSpec, config: Config): number {
  return (
    spec.api.maxUploadBytes ??
    (spec.group === 'image' ? config.limits.imageUploadBytes : config.limits.uploadBytes)
  );
}

/** An operation name for download file names: the last segment of the API path. */
function operationName(spec: ToolSpec): string {
  return spec.api.path.split('/').pop() ?? spec.id;
}

/**
 * Registers one tool route from its catalog entry: size guard, input reading, validation with the
 * catalog schema, the handler under a deadline, and the reply.
 */
export function registerToolRoute(
  app: FastifyInstance,
  spec: ToolSpec,
  config: Config,
  admission: Admission,
  run: Run,
): void {
  const schema: z.ZodType | undefined = spec.api.request;
  if (!schema) throw new Error(`Live tool ${spec.id} has no request schema in the catalog.`);
  const fileBytes = uploadLimit(spec, config);
  const multipartLimits = multipartLimitsFor(config, fileBytes, spec.api.input);
  // Audio gets its own, longer processing time (the catalog says which tools do).
  const deadlineMs = toolReference(spec, limitsOf(config)).timeoutMs;
  const imageLimits = {
    maxInputPixels: config.limits.maxInputPixels,
    maxImageSide: config.limits.maxImageSide,
    maxAvifPixels: config.limits.maxAvifPixels,
    timeoutMs: config.timeouts.requestMs,
  };

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
      const lane = admission.lanes[laneFor(spec, request.headers, config)];
      // A client that gives up while queued leaves the queue and is not worth reading.
      const waiting = new AbortController();
      const gone = () =>
        waiting.abort(new ApiError('MALFORMED_REQUEST', 'The client closed the connection.'));
      reply.raw.once('close', gone);
      let release: () => void;
      try {
        release = await laneSlot(lane, request.ip, waiting.signal);
      } finally {
        reply.raw.off('close', gone);
      }
      // The request's log line reports the wait (plugins/request-log.ts).
      request.laneWaitMs = Math.round((performance.now() - arrived) * 10) / 10;
      // Until the work starts this handler gives the slot back; from then on the deadline does,
      // once the work has really stopped.
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
          admission.shutdown.signal,
        );
        const text = spec.api.input.kind === 'json-or-file' ? spec.api.input.textKey : undefined;
        const fields = validateFields(schema, raw.fields, text);
        const received = performance.now();
        handedOver = true;
        // A pipeline's step (internal only) may ask for or give an intermediate image (handoff.ts).
        const handoff = request.internal ? request.headers[handoffHeader] : undefined;
        const timeLeft = request.internal ? Number(request.headers[timeLeftHeader]) : Number.NaN;
        const result = await underDeadline(
          (signal) =>
            lane.run(signal, () =>
              withHandoff(typeof handoff === 'string' ? handoff : undefined, () =>
                run(
                  { fields, files: raw.files },
                  { config, imageLimits, log: request.log, signal, accept: request.headers.accept },
                ),
              ),
            ),
          timeLeft > 0 ? Math.min(deadlineMs, timeLeft) : deadlineMs,
          reply.raw,
          [release],
        );
        const timings = {
          queue: started - arrived,
          upload: received - started,
          process: performance.now() - received,
        };
        return sendResult(reply, result, {
          operation: operationName(spec),
          sourceName: raw.files[0]?.filename,
          timings,
        });
      } finally {
        if (!handedOver) release();
      }
    },
  });
}

/**
 * The validated input in the shape the tool's handler expects. The schema has checked the fields
 * and readToolInput the files, so the cast only names what is already true.
 */
function toHandlerInput<Id extends LiveToolId>(input: CheckedInput): HandlerInput<Id> {
  const [file] = input.files;
  const shaped: unknown = { fields: input.fields, file, files: input.files };
  return shaped as HandlerInput<Id>;
}

function bindTool<Id extends LiveToolId>(
  app: FastifyInstance,
  id: Id,
  table: HandlerTable,
  config: Config,
  admission: Admission,
) {
  const handler = table[id];
  // The compiler already demands one; this names the gap when the types were not checked.
  if (typeof handler !== 'function') {
    throw new Error(`Live tool ${id} has no handler: add it to apps/api/src/tools/handlers.ts.`);
  }
  // ResultOf<Id> is one member of ToolResult; the compiler cannot resolve that for a generic Id.
  registerToolRoute(app, getTool(id), config, admission, async (input, context) => {
    const result: unknown = await handler(toHandlerInput<Id>(input), context);
    return result as ToolResult;
  });
}

/** Registers every live tool of the catalog with its handler; they share one admission (the lanes). */
export function registerTools(
  app: FastifyInstance,
  config: Config,
  table: HandlerTable,
  admission: Admission = createAdmission(config),
): void {
  configureWorkerPool({ lightThreads: config.lanes.light.concurrency });
  configureHeavyNice(config.runtime.heavyNice);
  // Uploads still arriving when shutdown starts get their 503 now, not a cut-off later.
  app.addHook('preClose', async () => admission.shutdown.abort(serverRestarting()));
  for (const tool of liveTools) bindTool(app, tool.id, table, config, admission);
}
