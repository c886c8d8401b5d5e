/*
 * The pipeline builder's state as it travels in the page's address, so a link reproduces the
 * pipeline (files excepted): `?input=text&text=a,b&s1=data/csv-to-json&s1.delimiter=;&s2=…`.
 * Steps are `s1`, `s2`… in order, each naming an operation's path; a step's fields are `s<n>.<field>`,
 * holding only the values a person set (the others are the schema's defaults). This module stays
 * free of the catalog (no zod), so the docs pages can link here from their first load.
 */

export const PIPELINE_PATH = '/docs/pipeline';

/** Text inputs longer than this (UTF-8 bytes) stay out of the link: addresses have practical limits. */
export const MAX_LINK_TEXT_BYTES = 2048;

/** One file, several files (a batch: each through the steps, the results in one zip), or typed text. */
export type InputChoice = 'file' | 'files' | 'text';
const inputChoices: readonly string[] = ['file', 'files', 'text'];

export interface StepState {
  /** The operation's path, e.g. 'images/resize'. */
  op: string;
  /** Field values a person set, as text ('true'/'false' for a checkbox; '' leaves the field out). */
  values: Readonly<Record<string, string>>;
}

export interface PipelineState {
  /** Undefined when the link does not say: the builder picks what the first step takes. */
  input: InputChoice | undefined;
  text: string;
  steps: readonly StepState[];
}

const stepKey = (index: number) => `s${index + 1}`;

export function textFitsLink(text: string): boolean {
  return new TextEncoder().encode(text).length <= MAX_LINK_TEXT_BYTES;
}

export function readPipelineState(params: URLSearchParams): PipelineState {
  const input = params.get('input');
  const steps: StepState[] = [];
  for (let i = 0; ; i++) {
    const key = stepKey(i);
    const op = params.get(key);
    if (!op) break;
    const values: Record<string, string> = {};
    for (const [name, value] of params) {
      if (name.startsWith(`${key}.`)) values[name.slice(key.length + 1)] = value;
    }
    steps.push({ op, values });
  }
  return {
    input: input !== null && inputChoices.includes(input) ? (input as InputChoice) : undefined,
    text: params.get('text') ?? '',
    steps,
  };
}

/** The search params of a state; a text over MAX_LINK_TEXT_BYTES is left out. */
export function pipelineSearchParams(state: PipelineState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.input) params.set('input', state.input);
  if (state.input === 'text' && state.text !== '' && textFitsLink(state.text)) params.set('text', state.text);
  state.steps.forEach((step, i) => {
    const key = stepKey(i);
    params.set(key, step.op);
    for (const [name, value] of Object.entries(step.values)) params.set(`${key}.${name}`, value);
  });
  return params;
}

/** The builder with one operation as its first step ('Use in a pipeline' on a docs page). */
export function pipelineHref(op: string): string {
  return `${PIPELINE_PATH}?${pipelineSearchParams({ input: undefined, text: '', steps: [{ op, values: {} }] })}`;
}
