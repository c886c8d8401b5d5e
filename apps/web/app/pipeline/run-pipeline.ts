import type { OutputKind } from '@toolkit/catalog';
import {
  ApiError,
  apiBaseUrl,
  errorFrom,
  isObject,
  NetworkError,
  PROGRESS_MIN_BYTES,
  readJson,
  UNAUTHORIZED_MESSAGE,
  UNKNOWN_BLOB_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  type UploadProgress,
} from '~/lib/api-client';
import { parseJob } from '~/lib/jobs';
import type { SentRequest } from '~/lib/request-code';
import { type ResultOf, readResult } from '~/lib/tool-response';
import { xhrFetch } from '~/lib/xhr-transport';

/*
 * POST /pipeline (API.md "Pipelines and batches"): the steps as JSON, with typed text in
 * `input.text`, or as the form field `pipeline` beside the file(s) in `files`. The answer is the last
 * step's, read by that operation's output kind, plus each step's time from Server-Timing; several
 * files (a batch) answer with a zip of the results and manifest.json.
 */

/** The files sent, none for text. */
export function inputFiles(input: PipelineRequest['input']): readonly File[] {
  return 'file' in input ? [input.file] : 'files' in input ? input.files : [];
}

export interface PipelineRequest {
  steps: readonly Record<string, unknown>[];
  /** Several files make a batch: each goes through the steps, the answer is one zip. */
  input: { file: File } | { files: readonly File[] } | { text: string };
  /** How the answer is read: the last step's output kind ('file' for a batch's zip). */
  output: OutputKind;
}

export interface StepTiming {
  /** 1-based, as Server-Timing names it (`step2`). */
  step: number;
  op: string;
  ms: number;
}

export interface PipelineOutcome {
  result: ResultOf<OutputKind>;
  timings: StepTiming[];
}

/** `step1;dur=12.3;desc="images/resize", step2;…` → one timing per step, in order. */
export function parseServerTiming(header: string | null): StepTiming[] {
  if (!header) return [];
  const timings: StepTiming[] = [];
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim());
    const step = /^step(\d+)$/.exec(name)?.[1];
    if (!step) continue;
    const param = (key: string) => params.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
    const ms = Number(param('dur'));
    // The operation, without the server's note on it (" (intermediate not encoded)").
    const op = (param('desc') ?? '').replace(/^"|"$/g, '').replace(/ \(.*\)$/, '');
    if (Number.isFinite(ms)) timings.push({ step: Number(step), op, ms });
  }
  return timings.sort((a, b) => a.step - b.step);
}

/** The size of the files sent. */
export function inputBytes(input: PipelineRequest['input']): number {
  return inputFiles(input).reduce((total, file) => total + file.size, 0);
}

/** The request as sent, for "Copy as cURL / JavaScript / Python" (lib/request-code.ts). */
export function sentPipeline(
  request: PipelineRequest,
  extra: Pick<SentRequest, 'auth' | 'base' | 'output'>,
): SentRequest {
  const { steps, input } = request;
  if ('text' in input) return { path: '/pipeline', json: { steps, input: { text: input.text } }, ...extra };
  return {
    path: '/pipeline',
    fields: { pipeline: JSON.stringify({ steps }) },
    files: { field: 'files', names: inputFiles(input).map((file) => file.name) },
    ...extra,
  };
}

/** The request body: JSON for text, a form for a file. */
export function pipelineBody(request: PipelineRequest): { body: FormData | string; json: boolean } {
  const { steps, input } = request;
  if ('text' in input) return { body: JSON.stringify({ steps, input: { text: input.text } }), json: true };
  const form = new FormData();
  form.append('pipeline', JSON.stringify({ steps }));
  for (const file of inputFiles(input)) form.append('files', file, file.name);
  return { body: form, json: false };
}

export interface RunOptions {
  signal?: AbortSignal;
  apiKey?: string | null;
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Every 401, before the error is thrown (the page forgets its session). */
  onUnauthorized?: () => void;
}

/** Sends the pipeline; a failure is the contract's error as ApiError (NetworkError when nothing came back). */
async function send(request: PipelineRequest, options: RunOptions, extra: Record<string, string> = {}) {
  const { body, json } = pipelineBody(request);
  const headers: Record<string, string> = {
    Accept: request.output === 'analysis' ? 'application/json' : '*/*',
    ...extra,
  };
  if (json) headers['Content-Type'] = 'application/json';
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  const init = { method: 'POST', body, headers, signal: options.signal };
  const url = `${apiBaseUrl}/pipeline`;
  const big = inputBytes(request.input) >= PROGRESS_MIN_BYTES;
  let response: Response;
  try {
    response =
      big && options.onUploadProgress
        ? await xhrFetch(url, init, options.onUploadProgress)
        : await fetch(url, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError({ cause: error });
  }
  if (response.status === 401) {
    options.onUnauthorized?.();
    const found = await readJson(response);
    const code = isObject(found) && typeof found.code === 'string' ? found.code : 'UNAUTHORIZED';
    throw new ApiError({ status: 401, code, message: UNAUTHORIZED_MESSAGE });
  }
  if (!response.ok) {
    const found = await readJson(response);
    const fallback = found === undefined ? UNKNOWN_BLOB_ERROR_MESSAGE : UNKNOWN_ERROR_MESSAGE;
    throw errorFrom(response, found, fallback, 'HTTP_ERROR');
  }
  return response;
}

/** Runs a pipeline and reads the last step's answer. */
export async function runPipeline(
  request: PipelineRequest,
  options: RunOptions = {},
): Promise<PipelineOutcome> {
  const response = await send(request, options);
  const timings = parseServerTiming(response.headers.get('server-timing'));
  return { result: await readResult(response, request.output), timings };
}

/** Submits the pipeline as an asynchronous job (`Prefer: respond-async`); the jobs client follows it. */
export async function submitPipelineJob(request: PipelineRequest, options: RunOptions = {}): Promise<string> {
  const response = await send(request, options, { Prefer: 'respond-async' });
  const job = response.status === 202 ? parseJob(await readJson(response)) : undefined;
  if (!job)
    throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: UNKNOWN_ERROR_MESSAGE });
  return job.id;
}

/** The step (1-based) an error names: 'Step 2 (data/json-to-xml) …' or a detail on `steps[1]…`. */
export function failedStep(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const named = /^Step (\d+)\b/.exec(error.message)?.[1];
  if (named) return Number(named);
  const field = error.details?.find((d) => d.field.startsWith('steps['))?.field;
  const index = field && /^steps\[(\d+)\]/.exec(field)?.[1];
  return index ? Number(index) + 1 : undefined;
}
