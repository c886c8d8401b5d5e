import {
  apiBasePath,
  checkChain,
  type LiveTool,
  liveTools,
  maxPipelineSteps,
  type PlannedStep,
  takesSeveral,
} from '@toolkit/catalog';
import { validateFields } from '../core/fields.js';
import { ApiError } from '../errors.js';

/*
 * A pipeline request, checked as a whole before any step runs: its shape, each step's operation and
 * fields (that operation's own schema), and that each step can take what the one before it gives.
 */

/** What one step's operation may take: its time limit and upload limit. */
export interface StepLimits {
  timeoutMs: number;
  uploadBytes: number;
}

export interface Step extends PlannedStep<LiveTool> {
  /** The fields as sent (each step's own route validates them again, as for any request). */
  sent: Record<string, unknown>;
  limits: StepLimits;
}

export interface Plan {
  steps: Step[];
  /** Text input (the first step's text member), when no file is uploaded. */
  text: string | undefined;
  /** The uploaded files go together to the first step (images/combine), not one by one (a batch). */
  together: boolean;
  /** The run's time limit: the sum of its steps' own. */
  timeoutMs: number;
}

/** What bounds a pipeline: each step's own limits, and the most their times may add up to. */
export interface PipelineLimits {
  step: (tool: LiveTool) => StepLimits;
  maxTimeoutMs: number;
}

const byPath = new Map<string, LiveTool>(liveTools.map((tool) => [tool.api.path.slice(1), tool]));

function invalid(message: string, field: string): ApiError {
  return new ApiError('VALIDATION_ERROR', message, { details: [{ field, message }] });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function planStep(raw: unknown, index: number, limits: PipelineLimits): Step {
  const where = `steps[${index}]`;
  const n = index + 1;
  if (!isObject(raw) || typeof raw.op !== 'string') {
    throw invalid(
      `Step ${n} must be an object with "op", an operation's path (e.g. "images/resize").`,
      where,
    );
  }
  const { op: given, ...sent } = raw;
  const op = given
    .trim()
    .replace(/^\/+/, '')
    .replace(/^api\/v1\//, '');
  const tool = byPath.get(op);
  if (!tool) {
    throw invalid(`Step ${n}: there is no operation "${given.slice(0, 100)}".`, `${where}.op`);
  }
  const text = tool.api.input.kind === 'json-or-file' ? tool.api.input.textKey : undefined;
  try {
    const fields = validateFields(tool.api.request, sent, text) as Record<string, unknown>;
    return { op, tool, fields, sent, limits: limits.step(tool) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.code, `Step ${n} (${op}): ${error.message}`, {
      details: error.details?.map((d) => ({ ...d, field: `${where}.${d.field}` })),
    });
  }
}

/**
 * The plan of a pipeline document (`{"steps": […], "input": {"text": …}}`), given whether files
 * were uploaded beside it. Throws the contract's error naming the first thing wrong.
 */
export function planPipeline(document: unknown, files: number, limits: PipelineLimits): Plan {
  if (!isObject(document) || !Array.isArray(document.steps)) {
    throw invalid('Send a pipeline: a JSON object with "steps", a list of {"op": …, …fields}.', 'steps');
  }
  const { steps: rawSteps } = document;
  if (rawSteps.length === 0 || rawSteps.length > maxPipelineSteps) {
    throw invalid(`A pipeline has 1 to ${maxPipelineSteps} steps; this one has ${rawSteps.length}.`, 'steps');
  }
  const input = isObject(document.input) ? document.input : undefined;
  const text = files === 0 && typeof input?.text === 'string' ? input.text : undefined;
  if (files === 0 && text === undefined) {
    throw new ApiError(
      'MISSING_FILE',
      'Give the pipeline an input: {"input": {"text": "…"}} in the JSON, or files as multipart/form-data in the field "files" beside the field "pipeline".',
    );
  }
  const steps = rawSteps.map((raw, i) => planStep(raw, i, limits));
  const together = files > 1 && steps[0] !== undefined && takesSeveral(steps[0].tool);
  const checked = checkChain(steps, text !== undefined ? 'text' : together ? 'files' : 'file');
  if ('step' in checked) {
    throw new ApiError('PIPELINE_INVALID', checked.message, {
      details: [{ field: `steps[${checked.step - 1}].op`, message: checked.message }],
    });
  }
  const timeoutMs = steps.reduce((sum, step) => sum + step.limits.timeoutMs, 0);
  if (timeoutMs > limits.maxTimeoutMs) {
    const message = `The steps' time limits add up to ${timeoutMs / 1000} s; a pipeline may take at most ${limits.maxTimeoutMs / 1000} s. Use fewer steps.`;
    throw new ApiError('PIPELINE_INVALID', message, { details: [{ field: 'steps', message }] });
  }
  return { steps, text, together, timeoutMs };
}

/** The URL of a step's own request. */
export function stepUrl(step: Step): string {
  return `${apiBasePath}${step.tool.api.path}`;
}
