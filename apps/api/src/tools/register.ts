import { performance } from 'node:perf_hooks';
import { getTool, type LiveToolId, liveTools, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { JobSlots, SlotsBusyError } from '../http/job-slots.js';
import type { MultipartLimits } from '../http/multipart.js';
import { sendResult, type ToolResult } from '../http/result.js';
import { type RawToolInput, readToolInput, validateFields } from '../http/tool-input.js';
import { untilIdle } from '../http/upload-idle.js';
import type { HandlerContext, HandlerInput, HandlerTable } from './types.js';

/** Room for the multipart framing and the text fields on top of the files themselves. */
const formOverheadBytes = 1024 * 1024;

/** Route config flag read by the load-shedding plugin: this route does real work. */
export interface ToolRouteConfig {
  tool: string;
}

/** Validated input: fields as the schema produced them, files as readToolInput checked them. */
type CheckedInput = { fields: unknown; files: RawToolInput['files'] };

/**
 * Admission for tool requests: `uploads` bounds how many read their body into memory at once,
 * `work` how many are processed at once (image work is CPU bound: about one per core). Requests
 * beyond both wait, unread, so memory stays bounded however many arrive.
 */
export interface ToolSlots {
  uploads: JobSlots;
  work: JobSlots;
}

export function toolSlots(config: Config): ToolSlots {
  return {
    uploads: new JobSlots(config.runtime.maxBufferedUploads),
    work: new JobSlots(config.runtime.maxConcurrentJobs),
  };
}

/**
 * An upload slot, or 503 OVERLOADED when none frees up in time or too many already wait: slots
 * held by slow clients must turn into a quick answer for the others, not an endless queue.
 */
async function uploadSlot(slots: ToolSlots, config: Config): Promise<() => void> {
  try {
    return await slots.uploads.acquire({
      maxWaitMs: config.runtime.uploadQueueWaitMs,
      maxQueued: config.runtime.uploadQueueMax,
    });
  } catch (error) {
    if (!(error instanceof SlotsBusyError)) throw error;
    // The error handler adds Retry-After to every 503.
    throw new ApiError('OVERLOADED', 'The server is busy. Please try again in a few seconds.', {
      cause: error,
    });
  }
}

type Run = (input: CheckedInput, context: HandlerContext) => Promise<ToolResult>;

function uploadLimit(spec: ToolSpec, config: Config): number {
  return (
    spec.api.maxUploadBytes ??
    (spec.group === 'image' ? config.limits.imageUploadBytes : config.limits.uploadBytes)
  );
}

/** Rejects with 503 TIMEOUT when the work outlives the processing budget. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError('TIMEOUT', `The request took longer than ${ms / 1000} s to process.`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
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
  slots: ToolSlots,
  run: Run,
): void {
  const schema: z.ZodType | undefined = spec.api.request;
  if (!schema) throw new Error(`Live tool ${spec.id} has no request schema in the catalog.`);
  const fileBytes = uploadLimit(spec, config);
  const maxFiles = spec.api.input.kind === 'files' ? spec.api.input.max : 1;
  const totalBytes = spec.api.input.kind === 'files' ? spec.api.input.maxTotalBytes : undefined;
  const multipartLimits: MultipartLimits = {
    fileBytes,
    totalBytes,
    // A tool that takes N files must be able to receive N, whatever the general form limit.
    files: Math.max(config.limits.multipartFiles, maxFiles),
    fields: config.limits.multipartFields,
    fieldBytes: config.limits.multipartFieldBytes,
  };
  const imageLimits = {
    maxInputPixels: config.limits.maxInputPixels,
    maxImageSide: config.limits.maxImageSide,
    timeoutMs: config.timeouts.requestMs,
  };

  app.route({
    method: spec.api.method,
    url: spec.api.path,
    config: { tool: spec.id } satisfies ToolRouteConfig,
    // Refuse an announced oversized body before reading a byte of it.
    onRequest: async (request: FastifyRequest) => {
      const length = Number(request.headers['content-length']);
      const max = Math.min(fileBytes * maxFiles, totalBytes ?? Number.POSITIVE_INFINITY) + formOverheadBytes;
      if (Number.isFinite(length) && length > max) {
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          totalBytes === undefined
            ? `The upload is ${(length / 1024 / 1024).toFixed(1)} MB; at most ${(fileBytes / 1024 / 1024).toFixed(1)} MB per file is allowed.`
            : `The upload is ${(length / 1024 / 1024).toFixed(1)} MB; at most ${(totalBytes / 1024 / 1024).toFixed(1)} MB of files in all is allowed.`,
        );
      }
    },
    handler: async (request, reply) => {
      const arrived = performance.now();
      const releaseUpload = await uploadSlot(slots, config);
      try {
        // A client that gave up while queued is not worth reading. (The connection, not the request
        // stream: a body Fastify has already parsed, JSON or text, leaves its stream destroyed.)
        if (request.raw.socket?.destroyed)
          throw new ApiError('MALFORMED_REQUEST', 'The client closed the connection.');
        const started = performance.now();
        const raw = await untilIdle(
          request.raw,
          readToolInput(request, spec.api.input, multipartLimits),
          config.timeouts.uploadIdleMs,
        );
        const fields = validateFields(schema, raw.fields);
        const received = performance.now();
        const releaseWork = await slots.work.acquire();
        let result: ToolResult;
        const working = performance.now();
        try {
          result = await withDeadline(
            run({ fields, files: raw.files }, { config, imageLimits, log: request.log }),
            config.timeouts.requestMs,
          );
        } finally {
          releaseWork();
        }
        const timings = {
          queue: started - arrived + (working - received),
          upload: received - started,
          process: performance.now() - working,
        };
        return sendResult(reply, result, {
          operation: operationName(spec),
          sourceName: raw.files[0]?.filename,
          timings,
        });
      } finally {
        releaseUpload();
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
  slots: ToolSlots,
) {
  const handler = table[id];
  // The compiler already demands one; this names the gap when the types were not checked.
  if (typeof handler !== 'function') {
    throw new Error(`Live tool ${id} has no handler: add it to apps/api/src/tools/handlers.ts.`);
  }
  // ResultOf<Id> is one member of ToolResult; the compiler cannot resolve that for a generic Id.
  registerToolRoute(app, getTool(id), config, slots, async (input, context) => {
    const result: unknown = await handler(toHandlerInput<Id>(input), context);
    return result as ToolResult;
  });
}

/** Registers every live tool of the catalog with its handler; they share one set of slots. */
export function registerTools(app: FastifyInstance, config: Config, table: HandlerTable): void {
  const slots = toolSlots(config);
  for (const tool of liveTools) bindTool(app, tool.id, table, config, slots);
}
