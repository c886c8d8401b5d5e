import { describe, expect, it } from 'vitest';
import { getTool, liveTools } from './index.js';
import { inputKinds, outputKind } from './media-kinds.js';
import { checkChain } from './pipeline.js';

const step = (op: string, fields: Record<string, unknown> = {}) => {
  const tool = liveTools.find((t) => t.api.path === `/${op}`);
  if (!tool) throw new Error(`no operation ${op}`);
  return { op, tool, fields };
};

describe('media kinds, derived from the catalog entries', () => {
  it('gives each live operation what it takes and gives', () => {
    const kinds = Object.fromEntries(
      liveTools.map((t) => [t.api.path.slice(1), [inputKinds(t).join('|'), outputKind(t, {}, false)]]),
    );
    expect(kinds).toMatchObject({
      'images/resize': ['image', 'image'],
      'images/combine': ['', 'image'],
      'images/base64': ['image', 'analysis'],
      'text/word-count': ['text|markdown|html|json|csv|xml|yaml', 'analysis'],
      'data/csv-to-json': ['csv', 'json'],
      'data/json-to-xml': ['json', 'xml'],
      'data/base64-encode': ['file', 'text'],
      'data/base64-decode': ['text|markdown|html|json|csv|xml|yaml', 'file'],
      'files/compress': ['file', 'archive'],
      'audio/convert': ['audio', 'audio'],
      // Another step follows: the text of pdf/to-text (Accept: text/plain), else its JSON.
      'pdf/to-text': ['pdf', 'text'],
      'pdf/from-text': ['text|markdown|html|json|csv|xml|yaml', 'pdf'],
    });
    expect(outputKind(getTool('pdf-to-text'), {}, true)).toBe('analysis');
  });

  it("follows files/convert's target", () => {
    const convert = getTool('file-conversion');
    expect(outputKind(convert, { to: 'pdf' }, false)).toBe('pdf');
    expect(outputKind(convert, { to: 'md' }, false)).toBe('markdown');
    expect(outputKind(convert, { to: 'webp' }, false)).toBe('image');
  });

  it('checks a chain on kinds alone', () => {
    const docx = [step('files/convert', { to: 'pdf' }), step('pdf/to-text'), step('text/word-count')];
    expect(checkChain(docx, 'file')).toEqual({ kinds: ['pdf', 'text', 'analysis'] });
    expect(checkChain([step('data/csv-to-json'), step('data/json-to-xml')], 'text')).toEqual({
      kinds: ['json', 'xml'],
    });
    expect(checkChain([step('files/convert', { to: 'txt' }), step('data/yaml-to-json')], 'file')).toEqual({
      step: 2,
      message: 'Step 2 (data/yaml-to-json) takes YAML or JSON; step 1 (files/convert) gives text.',
    });
  });

  it('takes several files together only in a first step that takes them (images/combine)', () => {
    const combined = [step('images/combine'), step('images/resize', { width: 10 })];
    expect(checkChain(combined, 'files')).toEqual({ kinds: ['image', 'image'] });
    expect(checkChain(combined, 'file')).toEqual({
      step: 1,
      message: "Step 1 (images/combine) takes several files at once; the pipeline's input is one file.",
    });
    expect(checkChain([step('images/flip'), step('images/combine')], 'files')).toEqual({
      step: 1,
      message: "Step 1 (images/flip) takes an image; the pipeline's input is several files.",
    });
    expect(checkChain([step('images/flip'), step('images/combine')], 'file')).toMatchObject({
      step: 2,
      message:
        'Step 2 (images/combine) takes several files at once, but a pipeline gives each step one; step 1 (images/flip) gives an image.',
    });
  });
});
