import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvToJson } from '../src/operations/data/csv-to-json.js';
import { OperationError } from '../src/operations/errors.js';
import { decodeText } from '../src/operations/text/decode-text.js';
import * as pool from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { postFile } from './helpers/data-requests.js';
import { repeatedOuiCsv } from './helpers/fixtures.js';

// The real pool, with its calls recorded: which tasks a request ran shows whether it was split.
vi.mock('../src/runtime/worker-pool.js', async (original) => {
  const actual = await original<typeof import('../src/runtime/worker-pool.js')>();
  return { ...actual, runTask: vi.fn(actual.runTask) };
});
const tasksRun = () => vi.mocked(pool.runTask).mock.calls.map(([name]) => name);

let app: FastifyInstance;
beforeAll(async () => {
  // Two threads whatever the machine: a document is split only when two are free.
  pool.configureWorkerPool({ threads: 2 });
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await pool.closeWorkerPool();
});
beforeEach(() => {
  vi.mocked(pool.runTask).mockClear();
});

/** The OUI registry (CRLF, quoted fields with commas, quotes and line breaks) repeated to ~`mb` MB. */
const bigOui = (mb: number) => repeatedOuiCsv(mb * 1e6);

/** What converting the document whole, in this thread, gives (its JSON as text). */
function whole(bytes: Buffer, options: { header?: boolean; skip_empty_lines?: boolean } = {}) {
  const result = csvToJson(
    decodeText(bytes, 'file'),
    { header: true, dynamic_typing: true, skip_empty_lines: true, ...options },
    'file',
  );
  return { ...result, json: Buffer.from(result.json).toString('utf8') };
}

const wholeFailure = (bytes: Buffer) => {
  try {
    whole(bytes);
  } catch (error) {
    if (error instanceof OperationError) return error.message;
  }
  throw new Error('expected the whole conversion to fail');
};

describe('CSV → JSON of a large upload in two halves', () => {
  it('gives the same bytes as one conversion of a CRLF file with quoted line breaks', async () => {
    const bytes = bigOui(5);
    const res = await postFile(app, '/data/csv-to-json', bytes);
    expect(tasksRun()).toEqual(['data.csv-to-json-part', 'data.csv-to-json-part']);
    const expected = whole(bytes);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(expected.json);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected.json)));
    expect(res.headers['x-row-count']).toBe(String(expected.rows));
  });

  it('numbers a ragged row of the second half in the whole document', async () => {
    const text = bigOui(5).toString('utf8');
    const late = text.lastIndexOf('\r\nMA-L,');
    const bytes = Buffer.from(`${text.slice(0, late)}\r\nMA-S,70B3D5,short${text.slice(late)}`);
    const expected = whole(bytes);
    expect(expected.ragged?.count).toBe(1);
    const res = await postFile(app, '/data/csv-to-json', bytes);
    expect(tasksRun()).toEqual(['data.csv-to-json-part', 'data.csv-to-json-part']);
    expect(res.headers['x-ragged-rows']).toBe('1');
    expect(res.headers['x-ragged-first-row']).toBe(String(expected.ragged?.first.row));
    expect(res.body).toBe(expected.json);
  });

  it('keeps empty lines and arrays without a header the same', async () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => (i % 7 === 3 ? '' : `${i},"x, ${i}",0${i}`));
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    const options = { header: false, skip_empty_lines: false };
    const res = await postFile(app, '/data/csv-to-json', bytes, {
      header: 'false',
      skip_empty_lines: 'false',
    });
    expect(tasksRun()).toEqual(['data.csv-to-json-part', 'data.csv-to-json-part']);
    expect(res.body).toBe(whole(bytes, options).json);
  });

  it('names the place of a broken quote in the second half as one conversion does', async () => {
    const text = bigOui(5).toString('utf8');
    const late = text.lastIndexOf('\r\nMA-L,');
    const bytes = Buffer.from(`${text.slice(0, late)}\r\nMA-L,"unclosed,x${text.slice(late)}`);
    const res = await postFile(app, '/data/csv-to-json', bytes);
    expect(tasksRun()).toEqual(['data.csv-to-json-part', 'data.csv-to-json-part', 'data.csv-to-json']);
    const message = wholeFailure(bytes);
    const line = Number(/^The CSV is invalid at line (\d+), column \d+/.exec(message)?.[1]);
    expect(line).toBeGreaterThan(text.split('\n').length / 2);
    expectError(res, 400, 'VALIDATION_ERROR', message);
  });

  it('refuses invalid UTF-8 in the second half as one conversion does', async () => {
    const bytes = bigOui(5);
    bytes[bytes.length - 10] = 0xff;
    const res = await postFile(app, '/data/csv-to-json', bytes);
    expectError(res, 422, 'UNPROCESSABLE_FILE', wholeFailure(bytes));
  });

  it('converts whole while another conversion keeps a thread busy', async () => {
    const bytes = bigOui(5);
    const [one, two] = await Promise.all([
      postFile(app, '/data/csv-to-json', bytes),
      postFile(app, '/data/csv-to-json', bytes),
    ]);
    expect(tasksRun()).toContain('data.csv-to-json');
    expect(one.body).toBe(two.body);
    expect(one.body).toBe(whole(bytes).json);
  });

  it('converts whole a file whose lines end in CR alone, and a small file', async () => {
    const cr = Buffer.from(bigOui(5).toString('utf8').replaceAll('\r\n', '\r'));
    const res = await postFile(app, '/data/csv-to-json', cr);
    expect(res.body).toBe(whole(cr).json);
    expect(tasksRun()).toEqual(['data.csv-to-json-part', 'data.csv-to-json-part', 'data.csv-to-json']);
    vi.mocked(pool.runTask).mockClear();
    await postFile(app, '/data/csv-to-json', bigOui(1));
    expect(tasksRun()).toEqual(['data.csv-to-json']);
  });
});
