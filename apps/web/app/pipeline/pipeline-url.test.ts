import { pipelineDocs } from 'virtual:catalog-nav';
import { describe, expect, it } from 'vitest';
import {
  MAX_LINK_TEXT_BYTES,
  PIPELINE_PATH,
  type PipelineState,
  pipelineHref,
  pipelineSearchParams,
  readPipelineState,
} from './pipeline-url';

const roundTrip = (state: PipelineState) =>
  readPipelineState(new URLSearchParams(pipelineSearchParams(state).toString()));

describe('the pipeline in the address', () => {
  it('round-trips the input, the text and every step with its fields, in order', () => {
    const state: PipelineState = {
      input: 'text',
      text: 'name,qty\n"a & b",1\n',
      steps: [
        { op: 'data/csv-to-json', values: { delimiter: ';', header: 'false' } },
        { op: 'data/json-to-xml', values: { root: 'rows', item: '' } },
        { op: 'text/word-count', values: {} },
      ],
    };
    expect(roundTrip(state)).toEqual(state);
  });

  it('writes readable keys: s1, s1.<field>, s2…', () => {
    const params = pipelineSearchParams({
      input: 'file',
      text: 'ignored for a file input',
      steps: [
        { op: 'images/resize', values: { width: '200' } },
        { op: 'images/convert', values: { format: 'webp' } },
      ],
    });
    expect([...params]).toEqual([
      ['input', 'file'],
      ['s1', 'images/resize'],
      ['s1.width', '200'],
      ['s2', 'images/convert'],
      ['s2.format', 'webp'],
    ]);
  });

  it('keeps text up to the limit and leaves longer text out of the link', () => {
    const fits = 'é'.repeat(MAX_LINK_TEXT_BYTES / 2);
    expect(roundTrip({ input: 'text', text: fits, steps: [] }).text).toBe(fits);
    expect(roundTrip({ input: 'text', text: `${fits}x`, steps: [] }).text).toBe('');
  });

  it('keeps a batch input (several files) in the link, without the files', () => {
    const state: PipelineState = { input: 'files', text: '', steps: [{ op: 'images/resize', values: {} }] };
    expect(pipelineSearchParams(state).toString()).toBe('input=files&s1=images%2Fresize');
    expect(roundTrip(state)).toEqual(state);
  });

  it('stops at the first missing step and ignores an unknown input', () => {
    const state = readPipelineState(new URLSearchParams('input=zip&s1=a/b&s3=c/d&s3.x=1'));
    expect(state).toEqual({ input: undefined, text: '', steps: [{ op: 'a/b', values: {} }] });
  });

  it('links a docs page’s operation as the first step', () => {
    expect(pipelineHref('images/resize')).toBe('/docs/pipeline?s1=images%2Fresize');
    expect(
      readPipelineState(new URL(pipelineHref('data/csv-to-json'), 'http://x').searchParams).steps,
    ).toEqual([{ op: 'data/csv-to-json', values: {} }]);
  });
});

describe('the page path', () => {
  // Written out here (the route config reads this module outside Vite): the catalog's Markdown copy
  // and llms.txt must name the same page.
  it("is the catalog's pipeline page", () => expect(PIPELINE_PATH).toBe(pipelineDocs.path));
});
