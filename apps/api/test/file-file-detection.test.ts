import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

function detect(data: Buffer, filename: string, type?: string) {
  const { payload, headers } = form([{ name: 'file', filename, data, ...(type ? { type } : {}) }]);
  return app.inject({ method: 'POST', url: '/api/v1/files/detect', payload, headers });
}

async function detected(data: Buffer, filename: string, type?: string) {
  const response = await detect(data, filename, type);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.json() as { success: true; message: string; data: Record<string, unknown> };
}

describe('POST /api/v1/files/detect', () => {
  it('names a PNG called .jpg for what it is, and flags the mismatch', async () => {
    const body = await detected(fixture('bad/png_with_jpg_extension.jpg'), 'cat.jpg', 'image/jpeg');
    expect(body.message).toBe('This is a PNG image, which its name or declared type does not say.');
    expect(body.data).toEqual({
      mime: 'image/png',
      extension: 'png',
      description: 'PNG image',
      category: 'image',
      isText: false,
      encoding: null,
      detectedBy: 'signature',
      declaredMime: 'image/jpeg',
      declaredExtension: 'jpg',
      mismatch: true,
    });
  });

  it('reads text: an HTML page named .pdf, a UTF-16 CSV with a BOM, Markdown', async () => {
    const html = await detected(fixture('bad/html_with_pdf_extension.pdf'), 'invoice.pdf', 'application/pdf');
    expect(html.data).toMatchObject({
      mime: 'text/html',
      category: 'text',
      isText: true,
      encoding: 'UTF-8',
      mismatch: true,
    });
    const csv = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('name,qty\r\nÅsa,3\r\nBo,4\r\n', 'utf16le'),
    ]);
    expect((await detected(csv, 'export.csv', 'text/csv')).data).toMatchObject({
      mime: 'text/csv',
      encoding: 'UTF-16LE',
      detectedBy: 'content',
      mismatch: false,
    });
    const md = await detected(fixture('text/faker-README.md'), 'README.md');
    expect(md.message).toBe('This is a Markdown text.');
    expect(md.data).toMatchObject({
      mime: 'text/markdown',
      category: 'text',
      encoding: 'UTF-8',
      mismatch: false,
    });
  });

  it('recognises Office documents, and a DOCX named .zip is no mismatch (it is one)', async () => {
    const docx = await detected(fixture('misc/debian-reference-ch08.en.docx'), 'chapter.zip');
    expect(docx.data).toMatchObject({
      extension: 'docx',
      category: 'document',
      description: 'Word document (DOCX)',
      mismatch: false,
    });
    const xlsx = await detected(fixture('data/csv/statsmodels-statecrime.xlsx'), 'crime.xlsx');
    expect(xlsx.data).toMatchObject({ extension: 'xlsx', category: 'document', mismatch: false });
  });

  it('answers truncated archives and documents by their signature', async () => {
    const pdf = fixture('pdf/ltnews18_1page.pdf');
    expect((await detected(pdf.subarray(0, pdf.length / 3), 'cut.pdf')).data).toMatchObject({
      mime: 'application/pdf',
    });
    const gz = gzipSync(fixture('text/faker-README.md'));
    expect((await detected(gz.subarray(0, gz.length / 2), 'cut.gz')).data).toMatchObject({
      mime: 'application/gzip',
      category: 'archive',
    });
    const docx = fixture('misc/debian-reference-ch08.en.docx');
    const cut = await detected(docx.subarray(0, 2000), 'cut.docx');
    expect(cut.data).toMatchObject({ category: expect.stringMatching(/^(archive|document)$/) });
  });

  it('refuses an empty upload and a request without a file', async () => {
    expectError(
      await detect(Buffer.alloc(0), 'empty.png'),
      400,
      'MISSING_FILE',
      'The uploaded file "empty.png" is empty.',
    );
    const { payload, headers } = form([{ name: 'other', value: 'x' }]);
    const none = await app.inject({ method: 'POST', url: '/api/v1/files/detect', payload, headers });
    expectError(none, 400, 'MISSING_FILE', /file/);
  });
});
