import { type InputKind, imageHeaders, liveTools, maxFormBytes, toolReference } from '@toolkit/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { isMultipart, multipartLimitsFor, readMultipart, type UploadedFile } from '../http/multipart.js';
import type { Execute, StoredResponse } from '../jobs/types.js';
import { limitsOf } from '../openapi/limits.js';
import { handoffHeader } from '../operations/image/handoff.js';
import type { ToolRouteConfig } from '../tools/register.js';
import { batchZip } from './batch.js';
import { type PipelineLimits, type Plan, planPipeline } from './plan.js';
import { runChain } from './run.js';

export const pipelinePath = '/pipeline';

/** Headers of a step's answer that belong to its own exchange, not to the pipeline's. */
const ownHeaders = new Set([
  'content-length',
  'x-request-id',
  'server-timing',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  handoffHeader,
]);

/** The mark of a step whose result went on unencoded (an intermediate image, handoff.ts). */
const notEncoded = ' (intermediate not encoded)';

/** `step1;dur=12.3;desc="images/resize (intermediate not encoded)", step2;dur=…;desc="images/convert"` */
export function stepTimings(
  plan: Plan,
  durations: readonly number[],
  intermediate: readonly boolean[],
): string {
  return plan.steps
    .map((step, i) => {
      const desc = `${step.op}${intermediate[i] ? notEncoded : ''}`;
      return `step${i + 1};dur=${(durations[i] ?? 0).toFixed(1)};desc="${desc}"`;
    })
    .join(', ');
}

/** The last step's answer as the pipeline's; its X-Original-Size is the pipeline's input's. */
function replayStep(
  reply: FastifyReply,
  response: StoredResponse,
  timing: string,
  inputBytes: number,
): FastifyReply {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !ownHeaders.has(name)),
  );
  const original = imageHeaders.originalSize.name.toLowerCase();
  if (original in headers) headers[original] = String(inputBytes);
  return reply.code(response.status).headers(headers).header('server-timing', timing).send(response.body);
}

/** Browsers send an empty part with an empty name for a file input left blank: that is no file. */
const realFiles = (files: UploadedFile[]) => files.filter((f) => f.data.length > 0 || f.filename !== '');

async function readPipeline(
  request: FastifyRequest,
  limits: ReturnType<typeof multipartLimitsFor>,
): Promise<{ document: unknown; files: UploadedFile[] }> {
  if (!isMultipart(request.raw)) return { document: request.body, files: [] };
  const form = await readMultipart(request.raw, 'files', limits.files, limits);
  const text = form.fields.pipeline;
  if (text === undefined) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'The form needs the field "pipeline": the pipeline as JSON, {"steps": […]}.',
      { details: [{ field: 'pipeline', message: 'Required.' }] },
    );
  }
  try {
    return { document: JSON.parse(text), files: realFiles(form.files) };
  } catch {
    throw new ApiError('MALFORMED_REQUEST', 'The field "pipeline" is not valid JSON.');
  }
}

/**
 * POST /pipeline: one input (a file in `files`, or `input.text`) through the steps answers as the
 * last step does; several files answer with a zip of the results and manifest.json, unless the
 * first step takes them together (images/combine) and its one result goes on.
 */
export function registerPipeline(app: FastifyInstance, config: Config, execute: Execute): void {
  // The largest upload any operation takes; each step's own route applies its own limit.
  const fileBytes = Math.max(...liveTools.map((t) => toolReference(t, limitsOf(config)).uploadLimitBytes));
  const input = {
    kind: 'files',
    field: 'files',
    accept: [],
    min: 1,
    max: config.limits.multipartFiles,
    maxTotalBytes: fileBytes,
  } as const satisfies InputKind;
  const limits = multipartLimitsFor(config, fileBytes, input);
  const stepLimits = limitsOf(config);
  const byTool = new Map(
    liveTools.map((t) => {
      const { timeoutMs, uploadLimitBytes } = toolReference(t, stepLimits);
      return [t.id, { timeoutMs, uploadBytes: uploadLimitBytes }];
    }),
  );
  const pipelineLimits: PipelineLimits = {
    step: (tool) => byTool.get(tool.id) ?? { timeoutMs: config.timeouts.requestMs, uploadBytes: fileBytes },
    maxTimeoutMs: config.timeouts.pipelineMs,
  };

  app.route({
    method: 'POST',
    url: pipelinePath,
    config: {
      tool: 'pipeline',
      maxBodyBytes: Math.max(maxFormBytes(input, fileBytes), config.limits.bodyBytes),
    } satisfies ToolRouteConfig,
    handler: async (request, reply) => {
      const stop = new AbortController();
      const gone = () => stop.abort();
      reply.raw.once('close', gone);
      try {
        const { document, files } = await readPipeline(request, limits);
        const plan = planPipeline(document, files.length, pipelineLimits);
        const options = { accept: request.headers.accept, requestId: request.id, signal: stop.signal };
        if (files.length > 1 && !plan.together) {
          const batch = await batchZip(execute, plan, files, options);
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', 'attachment; filename="pipeline-results.zip"')
            .header('cache-control', 'no-store')
            .header('server-timing', stepTimings(plan, batch.durations, batch.intermediate))
            .send(batch.zip);
        }
        const uploaded = files.map((f) => ({ name: f.filename, data: f.data }));
        const [file] = uploaded;
        const first = plan.together ? { files: uploaded } : file ? { file } : { text: plan.text ?? '' };
        const { response, durations, intermediate } = await runChain(execute, plan, first, options);
        const timing = stepTimings(plan, durations, intermediate);
        const inputBytes = uploaded.reduce((total, f) => total + f.data.length, 0);
        return replayStep(reply, response, timing, inputBytes);
      } finally {
        reply.raw.off('close', gone);
      }
    },
  });
}
