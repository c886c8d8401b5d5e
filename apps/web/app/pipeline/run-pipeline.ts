import type { OutputKind } from '@toolkit/catalog';
import { ApiError, type Endpoint, type ToolRequest } from '~/lib/api-client';
import type { SentRequest } from '~/lib/request-code';
import { type ResultOf, readResult } from '~/lib/tool-response';
import { useApiMutation } from '~/lib/use-tool-mutation';

/*
 * POST /pipeline (API.md "Pipelines and batches"): the steps as JSON, with typed text in
 * `input.text`, or as the form field `pipeline` beside the file(s) in `files`. The answer is the last
 * step's, read by that operation's output kind, plus each step's time from Server-Timing; several
 * files (a batch) answer with a zip of the results and manifest.json. It goes through the website's
 * one API client and mutation (lib/use-tool-mutation.ts), jobs and all.
 */

/** The files sent, none for text. */
export function inputFiles(input: PipelineRequest['input']): readonly File[] {
  return 'file' in input ? [input.file] : 'files' in input ? input.files : [];
}

export interface PipelineRequest {
  steps: readonly Record<string, unknown>[];
  /** Several files make a batch: each goes through the steps, the answer is one zip. */
  input: { file: File } | { files: readonly File[] } | { text: string };
  /** How the answer is read: the last step's output kind ('archive' for a batch's zip). */
  output: OutputKind;
  /** Run as an asynchronous job (chain.ts runsAsJob): polled, with the job's progress shown. */
  asJob?: boolean;
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
export function pipelineRequest({ steps, input }: PipelineRequest): ToolRequest {
  if ('text' in input) {
    const body = JSON.stringify({ steps, input: { text: input.text } });
    return { body, contentType: 'application/json', uploadBytes: 0 };
  }
  const body = new FormData();
  body.append('pipeline', JSON.stringify({ steps }));
  for (const file of inputFiles(input)) body.append('files', file, file.name);
  return { body, contentType: undefined, uploadBytes: inputBytes(input) };
}

/** Where a pipeline goes; its answer is read as the last step's output kind. */
export const pipelineEndpoint = (output: OutputKind): Endpoint => ({ path: '/pipeline', output });

/** Its answer, synchronous or a job's result: the last step's, and each step's time. */
async function readOutcome(response: Response, output: OutputKind): Promise<PipelineOutcome> {
  const timings = parseServerTiming(response.headers.get('server-timing'));
  return { result: await readResult(response, output), timings };
}

/**
 * The builder's run: the pipeline through the one mutation of the website (upload progress, a long
 * run as a job followed across a reload with `resume`, Cancel, retries), and the step its error names.
 */
export function usePipelineRun() {
  const run = useApiMutation<PipelineRequest, PipelineOutcome>({
    prepare: (request) => ({
      endpoint: pipelineEndpoint(request.output),
      request: pipelineRequest(request),
      asJob: Boolean(request.asJob),
    }),
    read: readOutcome,
  });
  return { ...run, failedStep: failedStep(run.error) };
}

export type PipelineRun = ReturnType<typeof usePipelineRun>;

/** The step (1-based) an error names: 'Step 2 (data/json-to-xml) …' or a detail on `steps[1]…`. */
export function failedStep(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const named = /^Step (\d+)\b/.exec(error.message)?.[1];
  if (named) return Number(named);
  const field = error.details?.find((d) => d.field.startsWith('steps['))?.field;
  const index = field && /^steps\[(\d+)\]/.exec(field)?.[1];
  return index ? Number(index) + 1 : undefined;
}
