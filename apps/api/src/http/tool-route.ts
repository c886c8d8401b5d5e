import { performance } from 'node:perf_hooks';
import { type LiveTool, laneOf, liveTools, maxFormBytes } from '@toolkit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { laneFor, laneSlot, serverRestarting } from '../core/admission.js';
import { type Core, operationName } from '../core/core.js';
import { bodySourceOf, stripEmpty } from '../core/fields.js';
import { ApiError } from '../errors.js';
import type { JobsOptions } from '../jobs/setup.js';
import { configureHeavyNice } from '../runtime/priority.js';
import { configureWorkerPool } from '../runtime/worker-pool.js';
import { answerCached } from './cached-answer.js';
import { refuseEarly } from './early-refusal.js';
import { dispatchJob, dispatchOf } from './jobs-routes.js';
import { multipartLimitsFor } from './multipart.js';
import type { NetContext } from './net-context.js';
import { type RawToolInput, readToolInput } from './tool-input.js';
import { guardUpload } from './upload-guard.js';
import { fetchAll, urlsOf, withoutUrls } from './url-input.js';

/** Route config flag read by the load-shedding plugin: this route does real work. */
export interface ToolRouteConfig {
  tool: string;
  maxBodyBytes: number;
}

/** The text of a JSON body, for a job to parse again as the route did. */
function jsonBodyOf(body: unknown): { json?: string } {
  const source = bodySourceOf(body);
  return source && source.member === '' ? { json: source.text } : {};
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
  /** URL inputs, the result cache and idempotency keys. */
  net: NetContext;
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

/** A GET names its input in the query (`?url=…`) and its fields beside it. */
function queryInput(request: FastifyRequest): RawToolInput {
  const query = { ...(request.query as Record<string, unknown>) };
  // The signature of a signed link is no field of the operation.
  delete query.signature;
  delete query.expires;
  if (query.url === undefined && query.urls === undefined) {
    throw new ApiError(
      'MISSING_FILE',
      'A GET names its file in the query: ?url=<an http or https URL>, the fields beside it.',
    );
  }
  return { fields: query, files: [] };
}

/**
 * Registers one tool route from its catalog entry: the size guard, then (for a call run here) a
 * lane slot, the input read under the upload guards (or fetched from its `url`) and checked by the
 * core, and the core's run under its deadline, through the validators and the result cache; a
 * call sent async (or to the workers) is checked the same way first. The same operation answers a
 * GET whose query names a URL input (signed links).
 */
export function registerToolRoute(app: FastifyInstance, spec: LiveTool, context: RouteContext): void {
  const { core, jobs, net } = context;
  const { config } = core;
  const fileBytes = core.uploadLimitOf(spec);
  const multipartLimits = multipartLimitsFor(config, fileBytes, spec.api.input);
  const text = spec.api.input.kind === 'json-or-file' ? spec.api.input.textKey : undefined;
  const { input: inputKind } = spec.api;
  const several = inputKind.kind === 'files';
  const urlLimits = {
    maxBytes: fileBytes,
    maxFiles: several ? inputKind.max : 1,
    maxTotalBytes: several && 'maxTotalBytes' in inputKind ? inputKind.maxTotalBytes : undefined,
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
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
      const raw =
        request.method === 'GET'
          ? queryInput(request)
          : await guardUpload(
              request.raw,
              readToolInput(request, spec.api.input, multipartLimits),
              config.uploadPace,
              context.shutdown,
            );
      // No upload but a `url`: its file stands for one (an upload wins when both are sent).
      const urls = raw.files.length === 0 ? urlsOf(raw.fields, several) : [];
      const gone = clientGone(reply);
      const files = urls.length > 0 ? await fetchAll(net.fetcher, urls, urlLimits, gone) : raw.files;
      const fields = withoutUrls(raw.fields);
      const call = core.check(spec, fields, files);
      if (mode !== 'sync') {
        const input = {
          kind: 'tool' as const,
          tool: spec.id,
          fields: stripEmpty(fields, text),
          // A JSON body is kept as sent: its numbers are read again from the text (core/fields.ts).
          ...jsonBodyOf(request.body),
          files: files.map(({ filename, data, declaredType }) => ({ filename, data, declaredType })),
          ...(request.headers.accept ? { accept: request.headers.accept } : {}),
        };
        const operation = spec.api.path.slice(1);
        const idempotent = { store: net.idempotency, fields: input.fields, files };
        return dispatchJob(request, reply, jobs, { input, operation, lane: laneOf(spec), mode, idempotent });
      }
      const received = performance.now();
      const sourceName = files[0]?.filename;
      return await answerCached(net.answers, {
        request,
        reply,
        call,
        context: { operation: operationName(spec), sourceName },
        run: () => {
          handedOver = true;
          return core.run(call, {
            client: request.ip,
            log: request.log,
            signal: gone,
            accept: request.headers.accept,
            ...(admitted ? { admitted } : {}),
          });
        },
        timings: () => ({
          queue: started - arrived,
          upload: received - started,
          process: performance.now() - received,
        }),
      });
    } finally {
      if (admitted && !handedOver) admitted.release();
    }
  };

  const routeConfig = {
    tool: spec.id,
    maxBodyBytes: Math.max(maxFormBytes(spec.api.input, fileBytes), config.limits.bodyBytes),
  } satisfies ToolRouteConfig;
  app.route({
    method: spec.api.method,
    url: spec.api.path,
    config: routeConfig,
    onRequest: refuseEarly(spec.api.input, fileBytes),
    handler,
  });
  app.route({ method: 'GET', url: spec.api.path, config: routeConfig, handler });
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
