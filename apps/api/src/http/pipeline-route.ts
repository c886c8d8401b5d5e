import {
  type InputKind,
  laneOf,
  liveTools,
  maxFormBytes,
  pipelineOperation,
  toolReference,
} from '@toolkit/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { InputFile } from '../core/fields.js';
import { ApiError } from '../errors.js';
import { limitsOf } from '../openapi/limits.js';
import { checkPipeline, runPipeline } from '../pipeline/execute.js';
import { dispatchJob, dispatchOf } from './jobs-routes.js';
import { isMultipart, multipartLimitsFor, readMultipart, type UploadedFile } from './multipart.js';
import { sendStored } from './reply.js';
import { clientGone, type RouteContext, type ToolRouteConfig } from './tool-route.js';
import { fetchAll, urlsOf } from './url-input.js';

export const pipelinePath = '/pipeline';

/** Browsers send an empty part with an empty name for a file input left blank: that is no file. */
const realFiles = (files: UploadedFile[]): InputFile[] =>
  files
    .filter((f) => f.data.length > 0 || f.filename !== '')
    .map(({ filename, data }) => ({ filename, data }));

/** The pipeline's form: the document in the field `pipeline`, its input in `files` (or `file`). */
function pipelineInput(config: Config) {
  // The largest upload any operation takes; each step applies its own limit.
  const fileBytes = Math.max(...liveTools.map((t) => toolReference(t, limitsOf(config)).uploadLimitBytes));
  const input = {
    kind: 'files',
    field: 'files',
    accept: [],
    min: 1,
    max: config.limits.multipartFiles,
    maxTotalBytes: fileBytes,
  } as const satisfies InputKind;
  return { input, fileBytes, limits: multipartLimitsFor(config, fileBytes, input) };
}

/** The document, the files uploaded and the URLs named instead (`input.url(s)`, or form fields). */
async function readPipeline(
  request: FastifyRequest,
  limits: ReturnType<typeof multipartLimitsFor>,
): Promise<{ document: unknown; files: InputFile[]; urls: string[] }> {
  if (!isMultipart(request.raw)) {
    const document = request.body;
    const input = (document as { input?: unknown } | null | undefined)?.input;
    const named = input !== null && typeof input === 'object' && !Array.isArray(input);
    return { document, files: [], urls: named ? urlsOf(input as Record<string, unknown>, true) : [] };
  }
  // The single input in `file`, as every operation takes it, or several in `files`.
  const form = await readMultipart(request.raw, ['files', 'file'], limits.files, limits);
  const text = form.fields.pipeline;
  if (text === undefined) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'The form needs the field "pipeline": the pipeline as JSON, {"steps": […]}.',
      { details: [{ field: 'pipeline', message: 'Required.' }] },
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ApiError('MALFORMED_REQUEST', 'The field "pipeline" is not valid JSON.');
  }
  const files = realFiles(form.files);
  return { document, files, urls: files.length === 0 ? urlsOf(form.fields, true) : [] };
}

/**
 * POST /pipeline: one input (a file in `files`, or `input.text`) through the steps answers
 * as the last step does; several files answer with a zip of the results and manifest.json, unless
 * the first step takes them together (images/combine) and its one result goes on.
 */
export function registerPipeline(app: FastifyInstance, context: RouteContext): void {
  const { core, jobs, net } = context;
  const { input, fileBytes, limits } = pipelineInput(core.config);
  const urlLimits = { maxBytes: fileBytes, maxFiles: input.max, maxTotalBytes: fileBytes };
  app.route({
    method: 'POST',
    url: pipelinePath,
    config: {
      tool: pipelineOperation.id,
      maxBodyBytes: Math.max(maxFormBytes(input, fileBytes), core.config.limits.bodyBytes),
    } satisfies ToolRouteConfig,
    handler: async (request, reply) => {
      const read = await readPipeline(request, limits);
      const { document, urls } = read;
      const gone = clientGone(reply);
      // URLs named instead of uploads are fetched first: a job is handed their bytes.
      const files = urls.length > 0 ? await fetchAll(net.fetcher, urls, urlLimits, gone) : read.files;
      const plan = checkPipeline(core.config, document, files);
      const accept = request.headers.accept;
      const mode = dispatchOf(request, jobs);
      if (mode !== 'sync') {
        const job = { kind: 'pipeline' as const, document, files, ...(accept ? { accept } : {}) };
        return dispatchJob(request, reply, jobs, {
          input: job,
          operation: 'pipeline',
          lane: laneOf(pipelineOperation),
          mode,
          idempotent: { store: net.idempotency, fields: { pipeline: document }, files },
        });
      }
      const options = { accept, client: request.ip, log: request.log, signal: gone };
      return sendStored(reply, await runPipeline(core, plan, files, options));
    },
  });
}
