import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papaCsvToJson } from '../src/operations/data/csv-papa.js';
import { detectDelimiter } from '../src/operations/data/csv-to-json.js';
import { OperationError } from '../src/operations/errors.js';
import { decodeText } from '../src/operations/text/decode-text.js';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { postFile } from './helpers/data-requests.js';
import { repeatedOuiCsv } from './helpers/fixtures.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

/** The OUI registry (CRLF, quoted fields with commas, quotes and line breaks) repeated to ~5 MB. */
const bigOui = () => repeatedOuiCsv(5e6);

/** What the Papa path (the reference the byte reader replaces) gives for an upload, or its error. */
function papa(bytes: Buffer, options: { header?: boolean; skip_empty_lines?: boolean } = {}) {
  try {
    const text = decodeText(bytes, 'file');
    const settled = { header: true, dynamic_typing: true, skip_empty_lines: true, ...options };
    return papaCsvToJson(text, { ...settled, delimiter: detectDelimiter(text) }, 'file');
  } catch (error) {
    if (error instanceof OperationError) return error;
    throw error;
  }
}

// Megabytes converted twice (over HTTP and by Papa) on a machine others may keep busy: no timing
// is asserted, the time limit only leaves room for that.
describe('CSV → JSON of a large upload', { timeout: 120_000 }, () => {
  it("gives Papa's bytes for a CRLF file with quoted line breaks", async () => {
    const bytes = bigOui();
    const res = await postFile(app, '/data/csv-to-json', bytes);
    const expected = papa(bytes);
    if (expected instanceof OperationError) throw expected;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(expected.json);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected.json)));
    expect(res.headers['x-row-count']).toBe(String(expected.rows));
  });

  it('numbers a ragged row late in the document as Papa does, and keeps empty lines and arrays', async () => {
    const text = bigOui().toString('utf8');
    const late = text.lastIndexOf('\r\nMA-L,');
    const bytes = Buffer.from(`${text.slice(0, late)}\r\nMA-S,70B3D5,short\r\n${text.slice(late)}`);
    const expected = papa(bytes);
    if (expected instanceof OperationError) throw expected;
    expect(expected.ragged?.count).toBe(1);
    const res = await postFile(app, '/data/csv-to-json', bytes);
    expect(res.headers['x-ragged-rows']).toBe('1');
    expect(res.headers['x-ragged-first-row']).toBe(String(expected.ragged?.first.row));
    expect(res.body).toBe(expected.json);
    const lines = Array.from({ length: 200_000 }, (_, i) => (i % 7 === 3 ? '' : `${i},"x, ${i}",0${i}`));
    const table = Buffer.from(`${lines.join('\r')}\r`);
    const options = { header: false, skip_empty_lines: false };
    const arrays = await postFile(app, '/data/csv-to-json', table, {
      header: 'false',
      skip_empty_lines: 'false',
    });
    expect(arrays.body).toBe((papa(table, options) as { json: string }).json);
  });

  it('names the place of a broken quote late in the document, and refuses invalid UTF-8 there', async () => {
    const text = bigOui().toString('utf8');
    const late = text.lastIndexOf('\r\nMA-L,');
    const broken = Buffer.from(`${text.slice(0, late)}\r\nMA-L,"unclosed,x${text.slice(late)}`);
    const failure = papa(broken);
    expect(failure).toBeInstanceOf(OperationError);
    const { message } = failure as OperationError;
    const line = Number(/^The CSV is invalid at line (\d+), column \d+/.exec(message)?.[1]);
    expect(line).toBeGreaterThan(text.split('\n').length / 2);
    expectError(
      await postFile(app, '/data/csv-to-json', broken),
      400,
      'VALIDATION_ERROR',
      (failure as Error).message,
    );
    const latin = bigOui();
    latin[latin.length - 10] = 0xff;
    const refused = papa(latin) as Error;
    expectError(await postFile(app, '/data/csv-to-json', latin), 422, 'UNPROCESSABLE_FILE', refused.message);
  });
});
