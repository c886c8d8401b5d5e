import { performance } from 'node:perf_hooks';
import type { ErrorCode, ToolSpec } from '@toolkit/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { Core } from '../core/core.js';
import type { InputFile } from '../core/fields.js';
import { rawStem, resultBytes, resultExtension, type ToolResult } from '../core/result.js';
import { ApiError, type FieldIssue, toApiError } from '../errors.js';
import type { Plan, Step } from './plan.js';

/*
 * One input through every step: each step is a call of the execution core with the result of the
 * step before as its input, so its validation, limits, lane, timeout and errors are the
 * operation's own. The chain has the sum of its steps' time limits: each step is given what is
 * left of it.
 */

/** The first step's input: an uploaded file, several taken together (images/combine), or text. */
export type ChainInput = { file: InputFile } | { files: InputFile[] } | { text: string };

export interface ChainOptions {
  /** The client's Accept header, for the last step. */
  accept: string | undefined;
  client: string;
  log: FastifyBaseLogger;
  signal: AbortSignal;
}

export interface ChainResult {
  result: ToolResult;
  /** The name of the last step's input (its download name is made from it). */
  sourceName: string | undefined;
  /** Milliseconds per step, in order. */
  durations: number[];
}

/** A step that failed: its own error, the step named in the message. */
export class StepFailed extends ApiError {
  constructor(
    readonly step: number,
    code: ErrorCode,
    message: string,
    details?: FieldIssue[],
    headers?: Record<string, string>,
  ) {
    super(code, message, { details, ...(headers ? { headers } : {}) });
  }
}

/** The step's own error, named after the step (its fields as `steps[i].…`). */
function failure(step: Step, index: number, error: unknown): StepFailed {
  const apiError = toApiError(error, 0);
  const details = apiError.details?.map((d) => ({ ...d, field: `steps[${index}].${d.field}` }));
  const message = `Step ${index + 1} (${step.op}): ${apiError.message}`;
  return new StepFailed(index + 1, apiError.code, message, details, apiError.headers);
}

/** The fields and files of a step's call: the previous result as its file, or the text. */
function stepInput(step: Step, input: ChainInput): { fields: Record<string, unknown>; files: InputFile[] } {
  const { input: kind } = step.tool.api;
  if ('text' in input) {
    const textKey = kind.kind === 'json-or-file' ? kind.textKey : 'text';
    return { fields: { ...step.sent, [textKey]: input.text }, files: [] };
  }
  return { fields: step.sent, files: 'file' in input ? [input.file] : input.files };
}

/**
 * Runs the plan's steps on one input. An earlier step that can answer in text does so
 * (pdf/to-text's text feeds the next step); the last answers as `accept` asks.
 */
export async function runChain(
  core: Core,
  plan: Plan,
  input: ChainInput,
  options: ChainOptions,
): Promise<ChainResult> {
  const first = 'file' in input ? input.file : 'files' in input ? input.files[0] : undefined;
  const stem = first ? rawStem(first.filename) || 'file' : 'text';
  let current: ChainInput = input;
  const durations: number[] = [];
  const deadline = performance.now() + plan.timeoutMs;
  for (const [i, step] of plan.steps.entries()) {
    const last = i === plan.steps.length - 1;
    const leftMs = deadline - performance.now();
    const timeUp = () =>
      new StepFailed(
        i + 1,
        'TIMEOUT',
        `Step ${i + 1} (${step.op}): the pipeline took longer than ${plan.timeoutMs / 1000} s, the sum of its steps' time limits.`,
      );
    if (leftMs <= 0) throw timeUp();
    const { fields, files } = stepInput(step, current);
    const accept = last
      ? options.accept
      : (step.tool as ToolSpec).api.mediaTypes?.includes('text/plain')
        ? 'text/plain'
        : undefined;
    const started = performance.now();
    let result: ToolResult;
    try {
      const call = core.check(step.tool, fields, files);
      result = await core.run(call, {
        client: options.client,
        log: options.log,
        signal: options.signal,
        accept,
        timeLeftMs: leftMs,
      });
    } catch (error) {
      // The chain's time, not the step's own limit, ran out.
      if (error instanceof ApiError && error.code === 'TIMEOUT' && performance.now() >= deadline)
        throw timeUp();
      throw failure(step, i, error);
    }
    durations.push(performance.now() - started);
    const sourceName =
      'file' in current ? current.file.filename : 'files' in current ? current.files[0]?.filename : undefined;
    if (last) return { result, sourceName, durations };
    current = { file: { filename: `${stem}.${resultExtension(result)}`, data: await resultBytes(result) } };
  }
  throw new Error('A pipeline has at least one step.');
}
