import { afterAll, describe, expect, it } from 'vitest';
import { OperationError } from '../../operations/errors.js';
import { closeWorkerPool, runTask } from '../../runtime/worker-pool.js';

afterAll(() => closeWorkerPool());

/** Bodies come back as UTF-8 bytes moved out of the worker. */
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** One call of each task through the real worker pool: the table is wired and its values cross threads. */
describe('data and text worker tasks', () => {
  it('run each conversion in a worker thread', async () => {
    const csv = await runTask('data.json-to-csv', {
      input: '[{"a":{"b":1}}]',
      field: 'json',
      options: { delimiter: ',', header: true, flatten: true, escape_formulas: true },
    });
    expect({ ...csv, csv: text(csv.csv) }).toEqual({ csv: 'a.b\r\n1\r\n', rows: 1 });
    const rows = await runTask('data.csv-to-json', {
      input: new Uint8Array(Buffer.from('\ufeffa;b\n1;x\n')),
      field: 'file',
      options: { header: true, dynamic_typing: true, skip_empty_lines: true },
    });
    expect({ ...rows, json: text(rows.json) }).toEqual({
      json: '[\n  {\n    "a": 1,\n    "b": "x"\n  }\n]',
      rows: 1,
      delimiter: ';',
    });
    const xml = await runTask('data.json-to-xml', {
      input: { a: 1 },
      field: 'json',
      options: { root: 'r', item: 'item', pretty: false },
    });
    expect(text(xml)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<r><a>1</a></r>\n');
    const json = await runTask('data.xml-to-json', {
      input: xml,
      field: 'xml',
      options: { attribute_prefix: '@', text_key: '#text', always_array: false },
    });
    expect(text(json)).toBe('{\n  "r": {\n    "a": "1"\n  }\n}');
    const yaml = await runTask('data.yaml-to-json', {
      input: 'a: on',
      field: 'yaml',
      options: { all_documents: false },
    });
    expect(text(yaml)).toBe('{\n  "a": "on"\n}');
    const base64 = await runTask('data.base64-encode', {
      input: 'hi?',
      field: 'text',
      options: { url_safe: true, line_length: 0 },
    });
    expect(text(base64)).toBe('aGk_');
    const decoded = await runTask('data.base64-decode', { input: 'aGk_', field: 'base64', options: {} });
    expect(decoded.kind === 'text' && text(decoded.text)).toBe('hi?');
    const counted = await runTask('text.word-count', { input: 'One two two.', field: 'text' });
    expect(counted).toMatchObject({
      words: 3,
      uniqueWords: 2,
      topWords: [
        { word: 'two', count: 2 },
        { word: 'one', count: 1 },
      ],
    });
  });

  it('bring an OperationError back with its field', async () => {
    const error = await runTask('data.csv-to-json', {
      input: new Uint8Array(Buffer.from('a,b\n', 'utf16le')),
      field: 'file',
      options: { header: true, dynamic_typing: true, skip_empty_lines: true },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationError);
    expect(error).toMatchObject({ code: 'UNPROCESSABLE_FILE', field: 'file' });
  });
});
