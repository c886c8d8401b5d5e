import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeUnhurriedApp } from './helpers/app.js';
import { postFile, postJson } from './helpers/data-requests.js';
import { fixture, nestedJsonArrays } from './helpers/fixtures.js';

/*
 * The bad inputs of issue 9 for every text and data endpoint, beyond what the catalog-driven tests
 * send: each gets the contract's error with an exact code and a sentence, never a 500 or a hang.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeUnhurriedApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

const endpoints = [
  ['/text/word-count', 'text', 'text'],
  ['/data/json-to-csv', 'json', 'JSON'],
  ['/data/csv-to-json', 'csv', 'CSV'],
  ['/data/xml-to-json', 'xml', 'XML'],
  ['/data/json-to-xml', 'json', 'JSON'],
  ['/data/yaml-to-json', 'yaml', 'YAML'],
  ['/data/base64-encode', 'text', 'text'],
  ['/data/base64-decode', 'base64', 'Base64'],
] as const;

/** Reads text (every endpoint but base64-encode, which takes any bytes). */
const textEndpoints = endpoints.filter(([path]) => path !== '/data/base64-encode');

describe.each(endpoints)('POST %s', (path, key, what) => {
  it('asks for the document when the JSON body has no member for it', async () => {
    const body = expectError(
      await postJson(app, path, { unrelated: 1 }),
      400,
      'VALIDATION_ERROR',
      `Send the ${what} as "${key}" in a JSON body, or upload it as a file in the field "file".`,
    );
    expect(body.details).toEqual([{ field: key, message: body.message }]);
  });

  it('refuses a file just over 10 MB with 413', async () => {
    const res = await postFile(app, path, Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', /^The file "input.txt" is larger than/);
  });

  it('refuses a JSON body just over 10 MB with 413', async () => {
    const res = await postJson(app, path, { [key]: 'a'.repeat(10 * 1024 * 1024) });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', /./);
  });
});

describe.each(textEndpoints)('POST %s reads only UTF-8 or UTF-16 with a BOM', (path) => {
  it('refuses invalid UTF-8 with 422', async () => {
    const res = await postFile(app, path, Buffer.from([0x61, 0x62, 0xff, 0xfe, 0x80, 0x63]));
    expectError(res, 422, 'UNPROCESSABLE_FILE', /^The text is not UTF-8: it looks like /);
  });

  it('refuses UTF-16 without a BOM with 422 naming it', async () => {
    const res = await postFile(app, path, Buffer.from('{"a": "b,c"}\n', 'utf16le'));
    expectError(
      res,
      422,
      'UNPROCESSABLE_FILE',
      'The text is not UTF-8: it looks like UTF-16LE without a byte order mark. Save it as UTF-8 (or UTF-16 with a byte order mark) and send it again.',
    );
  });
});

describe('invalid documents', () => {
  it.each([
    [
      '/data/json-to-csv',
      { json: '{"a": [1, 2,]}' },
      "The JSON is invalid at line 1, column 13: Unexpected token ']'.",
    ],
    [
      '/data/json-to-xml',
      { json: '[1, 2' },
      "The JSON is invalid at line 1, column 6: Expected ',' or ']' after array element.",
    ],
    [
      '/data/xml-to-json',
      { xml: '<a>\n<b></a>' },
      "The XML is malformed at line 2, column 4: Expected closing tag 'b' (opened in line 2, col 1) instead of closing tag 'a'.",
    ],
    [
      '/data/yaml-to-json',
      { yaml: 'a:\n\t- b\n' },
      'The YAML is invalid at line 2, column 1: Tabs are not allowed as indentation.',
    ],
    [
      '/data/csv-to-json',
      { csv: 'a,b\n"x,y\n' },
      'The CSV is invalid at line 2, column 2: a quoted field is never closed (a stray " ?).',
    ],
  ])('%s answers 400 with the line and column', async (path, body, message) => {
    expectError(await postJson(app, path, body), 400, 'VALIDATION_ERROR', message);
  });

  it('refuses a truncated JSON file naming its line and column', async () => {
    expectError(
      await postFile(app, '/data/json-to-csv', fixture('bad/json_truncated.json')),
      400,
      'VALIDATION_ERROR',
      'The JSON is invalid at line 980, column 14: Unterminated string.',
    );
  });

  it('refuses a field of the wrong type naming it', async () => {
    const body = expectError(
      await postJson(app, '/data/csv-to-json', { csv: 'a\n1\n', header: 'sometimes' }),
      400,
      'VALIDATION_ERROR',
      'header must be true or false.',
    );
    expect(body.details).toEqual([{ field: 'header', message: 'header must be true or false.' }]);
    expectError(
      await postJson(app, '/data/json-to-csv', { json: 42 }),
      400,
      'VALIDATION_ERROR',
      'The JSON is a number; send an array of objects (one row each) or an object (one row).',
    );
  });
});

describe('deep nesting, huge lines and hostile keys', () => {
  const deepJson = nestedJsonArrays(100_000);
  const tooDeep = (what: string, limit = 1000) =>
    `The ${what} is nested more than ${limit} levels deep; at most ${limit} levels can be converted.`;

  it('refuses 100,000 levels of nesting in a file and in a JSON body with 422', async () => {
    expectError(
      await postFile(app, '/data/json-to-csv', deepJson),
      422,
      'UNPROCESSABLE_FILE',
      tooDeep('JSON'),
    );
    const body = `{"json": ${deepJson.toString('utf8')}}`;
    expectError(await postJson(app, '/data/json-to-xml', body), 422, 'UNPROCESSABLE_FILE', tooDeep('JSON'));
    const xml = `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`;
    expectError(await postJson(app, '/data/xml-to-json', { xml }), 422, 'UNPROCESSABLE_FILE', tooDeep('XML'));
    const yaml = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expectError(
      await postJson(app, '/data/yaml-to-json', { yaml }),
      422,
      'UNPROCESSABLE_FILE',
      // Refused before the YAML library recurses (operations/data/yaml-depth.ts).
      tooDeep('YAML', 200),
    );
  });

  it('converts a 900 KB single-line JSON file and a 4 MB single-line text', async () => {
    // Shaped like a minified catalog: nested values, and keys that differ from one row to the next.
    const rows = Array.from({ length: 6000 }, (_, i) => ({
      name: `SN${2000 + (i % 20)}-${i}`,
      alias: [{ value: `SN-${i}` }],
      ...(i % 3 === 0 ? { redshift: [{ value: '0.702', kind: 'heliocentric' }] } : {}),
      ...(i % 5 === 0 ? { claimedtype: [{ value: 'Ia' }] } : {}),
      references: '2011MNRAS.410.1262W,2015arXiv150201589P,2011ApJ...737..103S',
    }));
    const file = Buffer.from(JSON.stringify(rows));
    expect(file.length).toBeGreaterThan(900_000);
    const minified = await postFile(app, '/data/json-to-csv', file);
    expect(minified.statusCode).toBe(200);
    expect(minified.headers['x-row-count']).toBe('6000');
    const line = 'word '.repeat(800_000);
    const counted = await postJson(app, '/text/word-count', { text: line });
    expect(counted.json().data).toMatchObject({ words: 800_000, lines: 1, uniqueWords: 1 });
  }, 600_000);

  it('keeps __proto__ and constructor keys as data in every direction', async () => {
    const csv = await postJson(
      app,
      '/data/json-to-csv',
      '{"json": [{"__proto__": {"x": 1}, "constructor": "c"}]}',
    );
    expect(csv.body).toBe('__proto__.x,constructor\r\n1,c\r\n');
    const json = await postJson(app, '/data/csv-to-json', { csv: '__proto__,constructor\n1,2\n' });
    expect(json.body).toBe('[\n  {\n    "__proto__": 1,\n    "constructor": 2\n  }\n]');
    const xml = await postJson(
      app,
      '/data/json-to-xml',
      '{"json": {"__proto__": {"polluted": "yes"}}, "pretty": false}',
    );
    expect(xml.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root><__proto__><polluted>yes</polluted></__proto__></root>\n',
    );
    const back = await postJson(app, '/data/xml-to-json', {
      xml: '<r><__proto__ constructor="1">x</__proto__></r>',
    });
    expect(back.body).toBe(
      '{\n  "r": {\n    "__proto__": {\n      "#text": "x",\n      "@constructor": "1"\n    }\n  }\n}',
    );
    const yaml = await postJson(app, '/data/yaml-to-json', { yaml: '__proto__: {polluted: yes}\n' });
    expect(yaml.body).toBe('{\n  "__proto__": {\n    "polluted": "yes"\n  }\n}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
