import {
  checkChain,
  type FieldDoc,
  inputKinds,
  type LiveTool,
  laneOf,
  liveTools,
  type PipelineMismatch,
  type PlannedStep,
  schemaFields,
} from '@toolkit/catalog';
import type { InputChoice, StepState } from './pipeline-url';

/*
 * What the builder knows of operations: all of it from the catalog's media kinds (media-kinds.ts),
 * through the same `checkChain` the server runs before a pipeline starts, so the "add a step" list
 * and the server's 400 PIPELINE_INVALID can never disagree.
 */

/** An operation's path as a step names it: 'images/resize'. */
export const opOf = (tool: LiveTool): string => tool.api.path.slice(1);

const byOp = new Map<string, LiveTool>(liveTools.map((tool) => [opOf(tool), tool]));

export function toolOfOp(op: string): LiveTool | undefined {
  return byOp.get(op);
}

/** Operations that can be a step: each takes one input (not several files at once). */
export const stepTools: readonly LiveTool[] = liveTools.filter((tool) => inputKinds(tool).length > 0);

/** Whether a step's first input can be typed text: a text/data operation. */
export function takesText(tool: LiveTool): boolean {
  return tool.api.input.kind === 'json-or-file';
}

/** The input a pipeline starts from when the link does not say: text if its first step takes it. */
export function defaultInput(steps: readonly StepState[]): InputChoice {
  const first = steps[0] && toolOfOp(steps[0].op);
  return first && takesText(first) ? 'text' : 'file';
}

/** A step's own fields: its request schema's, without the text member the step before it fills. */
export function stepFields(tool: LiveTool): readonly FieldDoc[] {
  const textKey = tool.api.input.kind === 'json-or-file' ? tool.api.input.textKey : undefined;
  return schemaFields(tool.api.request).filter((field) => field.name !== textKey);
}

/** A field's value as JSON sends it: numbers and booleans typed, text as written. */
function typed(field: FieldDoc | undefined, value: string): string | number | boolean {
  if (field?.type === 'boolean') return value === 'true';
  const numeric = field?.type === 'integer' || field?.type === 'number';
  return numeric && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

/** The step as the API takes it: `{ op, ...fields }`, fields left empty left out. */
export function requestStep(step: StepState): Record<string, unknown> {
  const tool = toolOfOp(step.op);
  const docs = new Map((tool ? stepFields(tool) : []).map((field) => [field.name, field]));
  const fields = Object.entries(step.values).filter(([, value]) => value !== '');
  return { op: step.op, ...Object.fromEntries(fields.map(([name, v]) => [name, typed(docs.get(name), v)])) };
}

function planned(steps: readonly StepState[]): PlannedStep<LiveTool>[] | undefined {
  const out: PlannedStep<LiveTool>[] = [];
  for (const step of steps) {
    const tool = toolOfOp(step.op);
    if (!tool) return undefined;
    const { op: _op, ...fields } = requestStep(step);
    out.push({ op: step.op, tool, fields });
  }
  return out;
}

/** What the first step is given: a batch's files go through the steps one by one. */
const eachInput = (input: InputChoice) => (input === 'files' ? 'file' : input);

/** The first problem of the chain: an unknown operation, or a step that cannot take what it is given. */
export function chainProblem(input: InputChoice, steps: readonly StepState[]): PipelineMismatch | null {
  const unknown = steps.findIndex((step) => !toolOfOp(step.op));
  if (unknown >= 0) {
    return {
      step: unknown + 1,
      message: `Step ${unknown + 1}: there is no operation "${steps[unknown]?.op}".`,
    };
  }
  const result = checkChain(planned(steps) ?? [], eachInput(input));
  return 'step' in result ? result : null;
}

/**
 * The operations that can follow: for the first step, those that take the input; after that, those
 * that take what the last step gives (judged on the last step alone, so a problem further up, shown
 * on its own step, does not empty the list).
 */
export function nextChoices(input: InputChoice, steps: readonly StepState[]): LiveTool[] {
  const last = steps.at(-1);
  const before = last ? planned([last]) : [];
  if (!before) return [];
  // A step that can be in a pipeline takes any uploaded file, so 'file' stands for "what came before".
  const from = last ? 'file' : eachInput(input);
  return stepTools.filter((tool) => {
    const result = checkChain([...before, { op: opOf(tool), tool, fields: {} }], from);
    return !('step' in result);
  });
}

/**
 * Whether a pipeline runs as an asynchronous job: when a step runs an external program (ffmpeg,
 * LibreOffice: the catalog's 'programs' lane) or the upload is large (`asyncMinBytes`), as the
 * try-it panels do for such calls.
 */
export function runsAsJob(steps: readonly StepState[], fileBytes: number, asyncMinBytes: number): boolean {
  if (fileBytes >= asyncMinBytes) return true;
  return steps.some((step) => {
    const tool = toolOfOp(step.op);
    return tool !== undefined && laneOf(tool) === 'programs';
  });
}
