import { describe, expect, it } from 'vitest';
import {
  chainProblem,
  defaultInput,
  nextChoices,
  opOf,
  requestStep,
  runsAsJob,
  stepFields,
  toolOfOp,
} from './chain';

const ops = (tools: ReturnType<typeof nextChoices>) => tools.map(opOf).sort();
const step = (op: string, values: Record<string, string> = {}) => ({ op, values });

describe('what can come next', () => {
  it('after typed text offers only the text and data operations', () => {
    expect(ops(nextChoices('text', []))).toEqual([
      'data/base64-decode',
      'data/base64-encode',
      'data/csv-to-json',
      'data/json-to-csv',
      'data/json-to-xml',
      'data/xml-to-json',
      'data/yaml-to-json',
      'pdf/from-text',
      'text/word-count',
    ]);
  });

  it('after a file offers every operation that takes one input, never the several-file ones', () => {
    const first = ops(nextChoices('file', []));
    expect(first).toContain('images/resize');
    expect(first).toContain('files/compress');
    expect(first).not.toContain('images/combine');
  });

  it('after an image step offers image operations and those that take any file', () => {
    const next = ops(nextChoices('file', [step('images/resize', { width: '200' })]));
    expect(next).toContain('images/convert');
    expect(next).toContain('files/detect');
    expect(next).not.toContain('data/json-to-xml');
    expect(next).not.toContain('audio/convert');
    expect(next).not.toContain('pdf/to-text');
  });

  it('after CSV → JSON offers what takes JSON, and not what takes CSV or XML only', () => {
    const next = ops(nextChoices('text', [step('data/csv-to-json')]));
    expect(next).toContain('data/json-to-xml');
    expect(next).toContain('data/json-to-csv');
    expect(next).toContain('text/word-count');
    expect(next).not.toContain('data/csv-to-json');
    expect(next).not.toContain('data/xml-to-json');
    expect(next).not.toContain('images/resize');
  });

  it('follows a field that decides the result: files/convert to pdf is followed by pdf/to-text', () => {
    expect(ops(nextChoices('file', [step('files/convert', { to: 'pdf' })]))).toContain('pdf/to-text');
    expect(ops(nextChoices('file', [step('files/convert', { to: 'csv' })]))).not.toContain('pdf/to-text');
  });

  it('is judged on the last step, so a broken step further up does not empty the list', () => {
    const steps = [step('images/resize'), step('data/json-to-xml'), step('data/xml-to-json')];
    expect(ops(nextChoices('file', steps))).toContain('data/json-to-csv');
  });
});

describe('the chain check', () => {
  it('names the step that does not fit, with the server’s sentence', () => {
    expect(chainProblem('file', [step('images/resize'), step('data/json-to-xml')])).toEqual({
      step: 2,
      message: 'Step 2 (data/json-to-xml) takes JSON; step 1 (images/resize) gives an image.',
    });
    expect(chainProblem('text', [step('images/resize')])?.step).toBe(1);
    expect(chainProblem('text', [step('data/csv-to-json'), step('data/json-to-xml')])).toBeNull();
  });

  it('names an operation that does not exist', () => {
    expect(chainProblem('file', [step('images/nope')])).toEqual({
      step: 1,
      message: 'Step 1: there is no operation "images/nope".',
    });
  });
});

describe('steps as sent', () => {
  it('types numbers and booleans and leaves empty fields out', () => {
    expect(
      requestStep(step('images/resize', { width: '200', maintain_aspect: 'false', height: '' })),
    ).toEqual({
      op: 'images/resize',
      width: 200,
      maintain_aspect: false,
    });
    expect(requestStep(step('data/json-to-xml', { root: 'items' }))).toEqual({
      op: 'data/json-to-xml',
      root: 'items',
    });
  });

  it('shows a text step’s fields without the text the step before it fills', () => {
    const tool = toolOfOp('data/csv-to-json');
    expect(tool && stepFields(tool).map((f) => f.name)).not.toContain('csv');
    expect(tool && stepFields(tool).map((f) => f.name)).toContain('delimiter');
  });

  it('starts from text when the first step takes text, else from a file', () => {
    expect(defaultInput([step('data/csv-to-json')])).toBe('text');
    expect(defaultInput([step('images/resize')])).toBe('file');
    expect(defaultInput([])).toBe('file');
  });
});

describe('a pipeline run as a job', () => {
  it('when a step runs an external program, or the upload is large', () => {
    expect(runsAsJob([step('images/resize'), step('images/convert')], 1000, 5_000_000)).toBe(false);
    expect(runsAsJob([step('audio/convert', { format: 'mp3' })], 1000, 5_000_000)).toBe(true);
    expect(runsAsJob([step('images/resize')], 5_000_000, 5_000_000)).toBe(true);
  });
});
