import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type ErrorCode, errorCodes, type LiveToolId, type ToolSpec } from '@toolkit/catalog';
import { ApiError, type FieldIssue } from '../errors.js';
import { rawStem } from '../http/result.js';
import type { Execute, StoredResponse } from '../jobs/types.js';
import { handoffHeader, parkHandoff, releaseHandoff } from '../operations/image/handoff.js';
import { timeLeftHeader } from '../tools/register.js';
import { type Plan, type Step, stepUrl } from './plan.js';

/*
 * One input through every step. Each step is that operation's own request, injected into this
 * server as the jobs engine does it (already admitted: keys and rate limits are not counted again),
 * so its validation, limits, lane, timeout and errors are the operation's. Results stay in memory;
 * from one image operation to the next the picture goes unencoded (operations/image/handoff.ts).
 * The chain has the sum of its steps' time limits: each step is told what is left of it.
 */

/** Image operations that decode their input and encode a result: they can pass pixels on. */
const reencodes: ReadonlySet<LiveToolId> = new Set([
  'resize-image',
  'thumbnail-generator',
  'rotate-image',
  'flip-image',
  'convert-image',
  'compress-image',
]);

/**
 * `write=<bytes>` when a step is to give the next one an intermediate image instead of an encoded
 * file, at most what the next step may take (a larger one is encoded as usual).
 */
function handOff(step: Step, next: Step | undefined): string | undefined {
  const can = reencodes.has(step.tool.id) || step.tool.id === 'combine-images';
  return next && can && reencodes.has(next.tool.id) ? `write=${next.limits.uploadBytes}` : undefined;
}

/** The upload standing in for an intermediate held in memory (handoff.ts). */
const placeholder = Buffer.from('intermediate image held by the pipeline');

/** A step told it has this little time left stops its work this much after the chain's answer. */
const stopGraceMs = 250;

interface NamedFile {
  name: string;
  data: Buffer;
}

/** The first step's input: an uploaded file, several taken together (images/combine), or text. */
export type ChainInput = { file: NamedFile } | { files: NamedFile[] } | { text: string };

export interface ChainResult {
  response: StoredResponse;
  /** Milliseconds per step, in order. */
  durations: number[];
  /** Per step: its result went on as an intermediate image, not encoded. */
  intermediate: boolean[];
}

/** A step that failed: its own error, the step named in the message. */
export class StepFailed extends ApiError {
  constructor(
    readonly step: number,
    code: ErrorCode,
    message: string,
    details?: FieldIssue[],
    retryAfter?: string,
  ) {
    super(code, message, { details, ...(retryAfter ? { headers: { 'retry-after': retryAfter } } : {}) });
  }
}

const extensionOfType: Record<string, string> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/yaml': 'yaml',
  'application/pdf': 'pdf',
};

/** The extension a step's result goes by: its download name's, else its media type's. */
export function resultExtension(response: StoredResponse): string {
  const disposition = response.headers['content-disposition'] ?? '';
  const named = /filename="[^"]*\.([A-Za-z0-9]{1,10})"/.exec(disposition)?.[1];
  if (named) return named.toLowerCase();
  const type = (response.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return extensionOfType[type] ?? 'bin';
}

/** Form values are text: numbers and booleans as written, anything else as JSON. */
function formValue(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

/** A quoted multipart parameter: quotes and line breaks escaped as browsers do (WHATWG form encoding). */
const quoted = (value: string) => value.replace(/\r\n|\r|\n/g, '%0D%0A').replace(/"/g, '%22');

/**
 * The step's request body. A form is written directly into one buffer (the previous result is
 * copied once, not through a Blob and a stream).
 */
function stepBody(step: Step, input: ChainInput): { payload: Buffer; contentType: string } {
  const { input: kind } = step.tool.api;
  if ('text' in input && kind.kind === 'json-or-file') {
    const body = JSON.stringify({ ...step.sent, [kind.textKey]: input.text });
    return { payload: Buffer.from(body), contentType: 'application/json' };
  }
  const boundary = `----toolkit-step-${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(step.sent)) {
    if (value === null || value === undefined) continue;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n`),
      Buffer.from(formValue(value)),
      Buffer.from('\r\n'),
    );
  }
  const files = 'file' in input ? [input.file] : 'files' in input ? input.files : [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${kind.field}"; filename="${quoted(file.name)}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function failure(step: Step, index: number, response: StoredResponse): StepFailed {
  let body: { code?: string; message?: string; details?: FieldIssue[] } = {};
  try {
    body = JSON.parse(response.body.toString('utf8')) as typeof body;
  } catch {
    // Not our JSON error (cannot happen for our routes): the status alone is still the step's.
  }
  const code: ErrorCode =
    body.code && body.code in errorCodes
      ? (body.code as ErrorCode)
      : response.status >= 500
        ? 'INTERNAL_ERROR'
        : 'UNPROCESSABLE_FILE';
  const message = `Step ${index + 1} (${step.op}): ${body.message ?? errorCodes[code].message}`;
  const details = body.details?.map((d) => ({ ...d, field: `steps[${index}].${d.field}` }));
  return new StepFailed(index + 1, code, message, details, response.headers['retry-after']);
}

/**
 * The step's answer, or a TIMEOUT naming it when the chain's time runs out first (the step, told
 * how long it had, stops its work just after). `signal`: the client went away.
 */
async function runStep(
  execute: Execute,
  request: Parameters<Execute>[0],
  index: number,
  step: Step,
  timing: { leftMs: number; limitMs: number },
  signal: AbortSignal,
): Promise<StoredResponse> {
  const timeUp = new StepFailed(
    index + 1,
    'TIMEOUT',
    `Step ${index + 1} (${step.op}): the pipeline took longer than ${timing.limitMs / 1000} s, the sum of its steps' time limits.`,
  );
  if (timing.leftMs <= 0) throw timeUp;
  const stop = new AbortController();
  const gone = () => stop.abort(signal.reason);
  if (signal.aborted) gone();
  else signal.addEventListener('abort', gone, { once: true });
  const timer = setTimeout(() => stop.abort(timeUp), Math.max(0, timing.leftMs));
  const aborted = new Promise<never>((_, reject) => {
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true });
  });
  // Raced, never awaited alone: its rejection must not go unhandled.
  aborted.catch(() => undefined);
  const answer = execute(request, stop.signal);
  try {
    return await Promise.race([answer, aborted]);
  } catch (error) {
    // An intermediate the step parks after all is not left behind.
    answer.then(
      (late) => releaseHandoff(late.headers[handoffHeader]),
      () => undefined,
    );
    throw stop.signal.aborted ? stop.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', gone);
  }
}

/**
 * Runs the plan's steps on one input. `accept` is the client's Accept header, for the last step;
 * an earlier step that can answer in text does so (pdf/to-text's text feeds the next step).
 */
export async function runChain(
  execute: Execute,
  plan: Plan,
  input: ChainInput,
  options: { accept: string | undefined; requestId: string; signal: AbortSignal },
): Promise<ChainResult> {
  const first = 'file' in input ? input.file : 'files' in input ? input.files[0] : undefined;
  const stem = first ? rawStem(first.name) || 'file' : 'text';
  let current: ChainInput = input;
  const durations: number[] = [];
  const intermediate: boolean[] = [];
  let handedOn: string | undefined;
  // The upload or an intermediate, held for the next step, which reads it in place of its upload.
  let parked: { release: () => void } | undefined;
  const deadline = performance.now() + plan.timeoutMs;
  // The upload is held the same way for a first image step that may take it (else its own route
  // refuses it as too large).
  const [firstStep] = plan.steps;
  if ('file' in input && firstStep && reencodes.has(firstStep.tool.id)) {
    if (input.file.data.length <= firstStep.limits.uploadBytes) {
      const upload = parkHandoff(input.file.data);
      parked = upload;
      handedOn = `upload;ref=${upload.ref}`;
      current = { file: { name: input.file.name, data: placeholder } };
    }
  }
  try {
    for (const [i, step] of plan.steps.entries()) {
      const last = i === plan.steps.length - 1;
      const { payload, contentType } = stepBody(step, current);
      const leftMs = deadline - performance.now();
      const headers: Record<string, string> = {
        'content-type': contentType,
        'x-request-id': `${options.requestId}-step${i + 1}`,
        [timeLeftHeader]: String(Math.max(1, Math.ceil(leftMs + stopGraceMs))),
      };
      const spec: ToolSpec = step.tool;
      const accept = last ? options.accept : spec.api.mediaTypes?.includes('text/plain') && 'text/plain';
      if (accept) headers.accept = accept;
      // The request asks for an intermediate, or says that its input is one (handoff.ts).
      const handoff = [handedOn, handOff(step, plan.steps[i + 1])].filter(Boolean).join(', ');
      if (handoff) headers[handoffHeader] = handoff;
      const started = performance.now();
      const request = { method: 'POST', url: stepUrl(step), headers, body: payload };
      const timing = { leftMs, limitMs: plan.timeoutMs };
      const response = await runStep(execute, request, i, step, timing, options.signal);
      durations.push(performance.now() - started);
      parked?.release();
      parked = undefined;
      if (response.status >= 400) throw failure(step, i, response);
      if (last) return { response, durations, intermediate: [...intermediate, false] };
      const given = response.headers[handoffHeader];
      intermediate.push(given !== undefined);
      const name = `${stem}.${resultExtension(response)}`;
      if (given === undefined) {
        handedOn = undefined;
        current = { file: { name, data: response.body } };
      } else {
        // Parked by the step itself (its body is empty).
        parked = { release: () => releaseHandoff(given) };
        handedOn = given;
        current = { file: { name, data: placeholder } };
      }
    }
  } finally {
    parked?.release();
  }
  throw new Error('A pipeline has at least one step.');
}
