import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf, readPdfInfo } from '../src/operations/pdf/extract-text.js';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { pdfText, postFile, squash } from './helpers/media.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

const postJson = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/pdf/from-text', payload: body });
const upload = (data: Buffer, filename: string, fields: Record<string, string> = {}) =>
  postFile(app, '/pdf/from-text', 'file', { data, filename, type: 'text/plain' }, fields);

const sample = 'Grüße aus Köln — naïve façade.\nΕλληνικά: καλημέρα.\nКириллица: доброе утро.\n';

describe('POST /pdf/from-text', () => {
  it('typesets JSON text into a PDF whose text reads back as the input, with its title', async () => {
    const response = await postJson({ text: sample, title: 'Greetings', font: 'serif', page_size: 'Letter' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="file-from-text.pdf"');
    expect(response.headers['x-page-count']).toBe('1');
    expect(response.headers['x-missing-glyphs']).toBeUndefined();
    const back = await pdfText(response.rawPayload);
    expect(squash(back.text)).toBe(squash(sample));
    const doc = await openPdf(new Uint8Array(response.rawPayload));
    expect((await readPdfInfo(doc)).title).toBe('Greetings');
    expect((await doc.getPage(1)).view).toEqual([0, 0, 612, 792]);
  });

  it('renders an uploaded .md file as Markdown, and a .txt file (or markdown=false) as it is', async () => {
    const markdown = Buffer.from(
      '# Heading\n\nSome **bold** and a [link](https://example.com).\n\n- item one\n- item two\n',
    );
    const rendered = await pdfText((await upload(markdown, 'notes.md')).rawPayload);
    expect(squash(rendered.text)).toBe('Heading Some bold and a link. • item one • item two');
    const literal = await pdfText((await upload(markdown, 'notes.txt')).rawPayload);
    expect(squash(literal.text)).toBe(squash(markdown.toString()));
    const off = await pdfText((await upload(markdown, 'notes.md', { markdown: 'false' })).rawPayload);
    expect(squash(off.text)).toBe(squash(markdown.toString()));
  });

  it('names the characters no font can draw in X-Missing-Glyphs', async () => {
    const response = await postJson({ text: 'Chinese 中文 here' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-missing-glyphs']).toBe('U+4E2D, U+6587');
  });

  it('flows a long text onto numbered pages and reads back every word', async () => {
    const text = fixture('text/fortunes-knowledge.ru.txt').toString('utf8');
    const response = await upload(fixture('text/fortunes-knowledge.ru.txt'), 'knowledge.txt');
    expect(response.statusCode).toBe(200);
    const back = await pdfText(response.rawPayload);
    expect(back.pages).toBe(Number(response.headers['x-page-count']));
    expect(back.pages).toBeGreaterThan(40);
    expect(squash(back.text)).toBe(squash(text));
  }, 60_000);

  it('refuses only whitespace, a font size of 1000 and a margin that leaves no room, with 400 on the field', async () => {
    const blank = expectError(
      await postJson({ text: ' \n\t \n' }),
      400,
      'VALIDATION_ERROR',
      /only whitespace/,
    );
    expect(blank.details).toEqual([
      {
        field: 'text',
        message:
          'The text is missing, empty or only whitespace: send {"text": "…"}, or upload a .txt or .md file as "file".',
      },
    ]);
    const blankFile = await upload(Buffer.from(' \n\u0007\t\f\n'), 'blank.txt');
    expectError(
      blankFile,
      400,
      'VALIDATION_ERROR',
      'The text is empty or only whitespace: there is nothing to put in the PDF.',
    );
    const size = expectError(
      await postJson({ text: 'x', font_size: 1000 }),
      400,
      'VALIDATION_ERROR',
      /font_size/,
    );
    expect(size.details).toEqual([
      { field: 'font_size', message: 'font_size must be a whole number between 6 and 72.' },
    ]);
    const margin = expectError(await postJson({ text: 'x', margin: 95 }), 400, 'VALIDATION_ERROR', /margin/);
    expect(margin.details).toEqual([
      {
        field: 'margin',
        message: 'A margin of 95 mm leaves no room for text on A4 paper; use at most 85 mm.',
      },
    ]);
  });

  it('answers 10 MB of text with 413, and text over the character limit with 413 saying the limit', async () => {
    expectError(await postJson({ text: 'a'.repeat(10 * 1024 * 1024) }), 413, 'PAYLOAD_TOO_LARGE', /./);
    expectError(
      await postJson({ text: 'word '.repeat(500_000) }),
      413,
      'PAYLOAD_TOO_LARGE',
      'The text has 2,500,000 characters; at most 2,000,000 fit in one PDF. Split it into parts.',
    );
  });

  it('refuses a file that is not UTF-8 with 422 naming its encoding, and no text at all with 400', async () => {
    const latin1 = Buffer.from('Caf\xe9 cr\xe8me br\xfbl\xe9e, na\xefve fa\xe7ade, d\xe9j\xe0 vu.', 'latin1');
    expectError(
      await upload(latin1, 'latin1.txt'),
      422,
      'UNPROCESSABLE_FILE',
      /^The file is not UTF-8 text \(it looks like ISO-8859-1\)/,
    );
    expectError(await postJson({ title: 'no text' }), 400, 'VALIDATION_ERROR', /"text"/);
  });
});
