import { describe, expect, it } from 'vitest';
import { makeDocx, makeXlsx, makeZip, paragraph } from '../test-support/fixtures.js';
import { type ConvertServices, convertFile } from './convert-file.js';
import { convertDocument } from './document.js';
import { defaultDocumentLimits } from './job.js';

// The document engine in-line (the worker pool runs this same function).
const services: ConvertServices = {
  runDocument: (job) => convertDocument(job),
  limits: defaultDocumentLimits,
};

describe('convertFile', () => {
  it('routes by content: a DOCX to Markdown, an XLSX sheet to CSV, YAML named .yml to JSON', async () => {
    const md = await convertFile(
      { data: await makeDocx(paragraph('Hello', 'Heading1')), name: 'a.docx', to: 'md' },
      services,
    );
    expect(md).toMatchObject({
      body: '# Hello\n',
      contentType: 'text/markdown; charset=utf-8',
      extension: 'md',
      from: 'docx',
    });
    const csv = await convertFile(
      { data: await makeXlsx({ A: [['a']], B: [['b', 2]] }), name: 'book.xlsx', to: 'csv', sheet: 'B' },
      services,
    );
    expect(csv.body).toBe('b,2\r\n');
    const xlsx = await convertFile(
      { data: Buffer.from('a,b\n1,2\n'), name: 'table.csv', to: 'xlsx' },
      services,
    );
    expect(Buffer.isBuffer(xlsx.body) && xlsx.body.subarray(0, 2).toString()).toBe('PK');
    const json = await convertFile({ data: Buffer.from('on: yes\n'), name: 'c.yml', to: 'json' }, services);
    expect(JSON.parse(String(json.body))).toEqual({ on: 'yes' });
  });

  it('answers an empty file, a renamed zip and a missing engine clearly', async () => {
    await expect(
      convertFile({ data: Buffer.alloc(0), name: 'a.docx', to: 'md' }, services),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE_FILE',
      message: 'The file is empty: there is nothing to convert.',
    });
    const zip = await makeZip({ 'x.txt': 'x' });
    await expect(convertFile({ data: zip, name: 'a.docx', to: 'md' }, services)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(
      convertFile({ data: Buffer.from('# x'), name: 'a.md', to: 'pdf' }, services),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'to',
    });
  });

  it('hands text → PDF to the PDF renderer, decoded and with Markdown on for .md', async () => {
    const calls: unknown[] = [];
    const withPdf: ConvertServices = {
      ...services,
      textToPdf: async (text, options) => {
        calls.push({ text, markdown: options.markdown, title: options.title });
        return Buffer.from('%PDF-1.7 stand-in');
      },
    };
    const result = await convertFile(
      { data: Buffer.from('\ufeff# Title'), name: 'notes.md', to: 'pdf' },
      withPdf,
    );
    expect(result).toMatchObject({ contentType: 'application/pdf', extension: 'pdf' });
    expect(calls).toEqual([{ text: '# Title', markdown: true, title: 'notes' }]);
  });
});
