import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdftotext, words } from '../src/operations/pdf/test-support.js';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { postFile } from './helpers/media.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

const toText = (file: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  postFile(
    app,
    '/pdf/to-text',
    'pdf',
    { data: fixture(file), filename: file.split('/').pop() ?? 'x.pdf' },
    fields,
    headers,
  );

interface Data {
  text: string;
  pageCount: number;
  pages: { number: number; text: string }[];
  info: Record<string, string | null>;
}

describe('POST /pdf/to-text', () => {
  it('returns the text page by page with the document info, word for word as pdftotext reads it', async () => {
    const response = await toText('pdf/ltnews18_1page.pdf');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; message: string; data: Data };
    expect(body.message).toBe('Text extracted from 1 page.');
    expect(body.data.pageCount).toBe(1);
    expect(body.data.pages.map((p) => p.number)).toEqual([1]);
    expect(words(body.data.text)).toEqual(words(pdftotext(fixture('pdf/ltnews18_1page.pdf'))));
    expect(body.data.info).toEqual({
      title: null,
      author: null,
      creator: 'LaTeX with hyperref',
      producer: 'pdfTeX-1.40.24',
      created: '2022-11-30T21:32:43.000Z',
    });
  });

  it('answers Accept: text/plain with the text alone', async () => {
    const json = (await toText('pdf/ltnews18_1page.pdf')).json() as { data: Data };
    const response = await toText('pdf/ltnews18_1page.pdf', {}, { accept: 'text/plain' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(json.data.text);
  });

  it('reads the selected pages only', async () => {
    const response = await toText('pdf/tkz-euclide_figures_259p.pdf', { pages: '1-3,7' });
    const body = response.json() as { message: string; data: Data };
    expect(body.message).toBe('Text extracted from 4 of 259 pages.');
    expect(body.data.pages.map((p) => p.number)).toEqual([1, 2, 3, 7]);
    expect(body.data.info.title).toBe('tkz-euclide');
  });

  it.each([
    ['0', 'Pages are numbered from 1; there is no page 0.'],
    ['5-2', 'The range "5-2" runs backwards: write it as "2-5".'],
    ['abc', 'pages must list pages and ranges such as "1-3,7" or "5-" (page 5 to the end).'],
    ['9', 'The document has 1 page; page 9 does not exist.'],
  ])('refuses pages=%j with 400 on pages', async (pages, message) => {
    const body = expectError(await toText('pdf/ltnews18_1page.pdf', { pages }), 400, 'VALIDATION_ERROR', /./);
    expect(body.details).toEqual([{ field: 'pages', message }]);
  });

  it('says a user-password PDF is encrypted, and an image-only PDF has no text layer (422)', async () => {
    expectError(
      await toText('bad/pdf_encrypted_userpw_secret.pdf'),
      422,
      'UNPROCESSABLE_FILE',
      'The PDF is encrypted with a password needed to open it; remove the password and send it again.',
    );
    expectError(
      await toText('pdf/image-only_felsen-wasser_1page.pdf'),
      422,
      'UNPROCESSABLE_FILE',
      'This PDF has no text layer: its page holds only images or drawings (a scan?). Reading text from images needs OCR, which this tool does not do.',
    );
  });

  it('answers a truncated PDF with 422, an HTML file named .pdf with 415 and an empty one with 400', async () => {
    expectError(
      await toText('bad/pdf_truncated_60pct.pdf'),
      422,
      'UNPROCESSABLE_FILE',
      /damaged or truncated/,
    );
    expectError(await toText('bad/html_with_pdf_extension.pdf'), 415, 'UNSUPPORTED_MEDIA_TYPE', /./);
    expectError(await toText('bad/empty.pdf'), 400, 'MISSING_FILE', /empty/);
  });

  it('reads a 1370-page manual within the time limit, or answers 503 TIMEOUT, and keeps serving', async () => {
    const response = await toText('pdf/lwarp_1370p.pdf', {}, { accept: 'text/plain' });
    if (response.statusCode === 200) {
      expect(response.body.length).toBeGreaterThan(2_000_000);
    } else {
      expectError(response, 503, 'TIMEOUT', /took longer than/);
    }
    const next = await toText('pdf/ltnews18_1page.pdf', {}, { accept: 'text/plain' });
    expect(next.body).toContain('This news never existed.');
  }, 120_000);
});
