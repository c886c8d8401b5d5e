import { defineTool } from './define-tool.js';
import {
  describeKinds,
  inputKinds,
  type KindSource,
  kindFits,
  kindNames,
  type MediaKind,
  outputKind,
} from './media-kinds.js';

/*
 * POST /pipeline (API.md "Pipelines and batches"): steps of live operations, each taking what the
 * one before it gives. The check here runs before any work, on kinds alone (media-kinds.ts).
 */

export const maxPipelineSteps = 10;

/** A step whose operation is known: its path (e.g. 'images/resize') and its validated fields. */
export interface PlannedStep<T> {
  op: string;
  tool: T;
  fields: Record<string, unknown>;
}

/** Where a pipeline does not fit together: the step (1-based) and a sentence naming both kinds. */
export interface PipelineMismatch {
  step: number;
  message: string;
}

/** Whether a step takes several files at once (images/combine): only as a pipeline's first step. */
export function takesSeveral(tool: KindSource): boolean {
  return tool.api.input.kind === 'files' && inputKinds(tool).length === 0;
}

const inputNames = { text: 'text', file: 'one file', files: 'several files' } as const;

/**
 * The first step that cannot take what comes before it (the pipeline's input for step 1: text, an
 * uploaded file whose type the step itself checks, or several files for a step that takes them
 * together), else the kinds each step gives.
 */
export function checkChain<T extends KindSource>(
  steps: readonly PlannedStep<T>[],
  input: 'text' | 'file' | 'files',
): PipelineMismatch | { kinds: MediaKind[] } {
  const kinds: MediaKind[] = [];
  let given: MediaKind | undefined;
  for (const [i, step] of steps.entries()) {
    const accepted = inputKinds(step.tool);
    const fits =
      given !== undefined
        ? accepted.length > 0 && kindFits(given, accepted)
        : input === 'text'
          ? step.tool.api.input.kind === 'json-or-file'
          : input === 'files'
            ? takesSeveral(step.tool)
            : accepted.length > 0;
    if (!fits) {
      const before =
        given === undefined
          ? `the pipeline's input is ${inputNames[input]}`
          : `step ${i} (${steps[i - 1]?.op}) gives ${kindNames[given]}`;
      const takes =
        accepted.length === 0
          ? `takes several files at once${given === undefined ? '' : ', but a pipeline gives each step one'}`
          : `takes ${describeKinds(accepted)}${input === 'text' && given === undefined ? ' as an uploaded file' : ''}`;
      return { step: i + 1, message: `Step ${i + 1} (${step.op}) ${takes}; ${before}.` };
    }
    given = outputKind(step.tool, step.fields, i === steps.length - 1);
    kinds.push(given);
  }
  return { kinds };
}

/**
 * The pipeline as the jobs engine sees an operation (its name and lane). It is not one of the
 * documented tools: the catalog's tool list, sidebar and search stay as specified.
 */
export const pipelineOperation = defineTool({
  id: 'pipeline',
  group: 'file',
  icon: 'ArrowLeftRight',
  title: 'Pipeline',
  description: 'Run up to 10 operations one after the other, each on the result of the one before.',
  keywords: ['chain', 'batch', 'steps'],
  status: 'planned',
  api: {
    path: '/pipeline',
    input: { kind: 'files', field: 'files', accept: [], min: 1, max: 50 },
    output: 'document',
    response:
      "The last step's answer, exactly as that operation gives it, with Server-Timing per step; a batch is a zip of the results and manifest.json.",
  },
});
