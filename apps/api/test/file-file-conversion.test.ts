import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateSoffice } from '../src/operations/files/convert/office-pdf.js';
import { makeDocx, makeRawXlsx, makeZip, paragraph } from '../src/operations/files/test-support/fixtures.js';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';

const work = mkdtempSync(join(tmpdir(), 'files-convert-http-'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

function convertWith(
  target: FastifyInstance,
  data: Buffer,
  filename: string,
  fields: Record<string, string>,
) {
  const { payload, headers } = form([
    { name: 'file', filename, data },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  return target.inject({ method: 'POST', url: '/api/v1/files/convert', payload, headers });
}
const convert = (data: Buffer, filename: string, fields: Record<string, string>) =>
  convertWith(app, data, filename, fields);

async function converted(data: Buffer, filename: string, fields: Record<string, string>) {
  const response = await convert(data, filename, fields);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(Number(response.headers['x-output-size'])).toBe(response.rawPayload.length);
  expect(Number(response.headers['x-original-size'])).toBe(data.length);
  return response;
}

const docx = () => fixture('misc/debian-reference-ch08.en.docx');

describe('POST /api/v1/files/convert: documents', () => {
  it('turns a DOCX into Markdown with headings, links and tables, as a download', async () => {
    const response = await converted(docx(), 'chapter 8.docx', { to: 'md' });
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="chapter-8-convert.md"');
    const md = response.body;
    expect(md).toMatch(/^# Chapter\s8\.\s+I18N and L10N$/m);
    expect(md).toMatch(/^## 8\.1\.\s+The locale$/m);
    expect(md).toMatch(
      /\[Multilingualization \(M17N\) or Native Language Support\]\(https:\/\/en\.wikipedia\.org\/wiki\/Internationalization_and_localization\)/,
    );
    expect(md).toMatch(/^\| .+ \|\n\| --- \|/m);
  });

  it('gives the same Markdown from DOCX → HTML → Markdown as from DOCX → Markdown', async () => {
    const html = await converted(docx(), 'c.docx', { to: 'html' });
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toMatch(/^<!DOCTYPE html>/);
    expect(html.body).toMatch(/<h1>(<a id="[^"]*"><\/a>)?Chapter\s8\.\s+I18N and L10N<\/h1>/);
    expect(html.body).not.toMatch(/<script|javascript:|\son\w+=/i);
    const viaHtml = await converted(Buffer.from(html.body), 'c.html', { to: 'md' });
    const direct = await converted(docx(), 'c.docx', { to: 'md' });
    expect(viaHtml.body).toBe(direct.body);
    const text = await converted(docx(), 'c.docx', { to: 'txt' });
    expect(text.body).toMatch(/Chapter\s8\.\s+I18N and L10N/);
    expect(text.body).not.toContain('CHAPTER 8');
  });

  it('renders Markdown to sanitised HTML, and HTML full of scripts to clean Markdown and text', async () => {
    const page = await converted(fixture('text/faker-README.md'), 'README.md', { to: 'html' });
    expect(page.body).toContain('<h1>How Locales Work</h1>');
    expect(page.body).toContain('<code class="language-ruby">');
    const evil = Buffer.from(
      '<h1 onclick="x()">Title</h1><script>alert("x")</script><p>Hi <a href="javascript:alert(1)">there</a></p>' +
        '<style>p{}</style><iframe src="https://evil.example"></iframe><noscript>nojs</noscript>' +
        '<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>',
    );
    const md = await converted(evil, 'evil.html', { to: 'md' });
    expect(md.body).toMatch(/^# Title\n\nHi there\n\n\| a +\| b +\|\n\| --- \| --- \|\n\| 1 +\| 2 +\|\n$/);
    const text = await converted(evil, 'evil.html', { to: 'txt' });
    expect(text.body).not.toMatch(/alert|nojs|evil|p\{\}/);
    expect(text.body).toMatch(/a\s+b\n1\s+2/);
  });

  it('writes an XLSX sheet as CSV and JSON that match the CSV it was made from', async () => {
    const original = Papa.parse<string[]>(fixture('data/csv/statsmodels-statecrime.csv').toString(), {
      skipEmptyLines: true,
    }).data;
    const csv = await converted(fixture('data/csv/statsmodels-statecrime.xlsx'), 'crime.xlsx', { to: 'csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<string[]>(csv.body, { skipEmptyLines: true }).data;
    expect(rows.length).toBe(original.length);
    rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        const expected = original[r]?.[c] ?? '';
        if (Number.isNaN(Number(expected))) expect(cell).toBe(expected);
        else expect(Number(cell)).toBe(Number(expected));
      });
    });
    const json = await converted(fixture('data/csv/statsmodels-statecrime.xlsx'), 'crime.xlsx', {
      to: 'json',
      sheet: '1',
    });
    const records = JSON.parse(json.body) as Record<string, unknown>[];
    expect(records).toHaveLength(original.length - 1);
    expect(records[0]).toMatchObject({ state: 'Alabama', violent: 459.9, murder: 7.1 });
    expectError(
      await convert(fixture('data/csv/statsmodels-statecrime.xlsx'), 'crime.xlsx', {
        to: 'csv',
        sheet: 'Nope',
      }),
      400,
      'VALIDATION_ERROR',
      /^The workbook has no sheet "Nope"; its sheets are "/,
    );
  });

  it('writes CSV as an XLSX that exceljs reads back, and converts JSON ↔ YAML without changing values', async () => {
    const response = await converted(Buffer.from('id,code,price\n1,007,2.5\n'), 'items.csv', { to: 'xlsx' });
    expect(response.headers['content-disposition']).toBe('attachment; filename="items-convert.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect([sheet?.getCell('A2').value, sheet?.getCell('B2').value, sheet?.getCell('C2').value]).toEqual([
      1,
      '007',
      2.5,
    ]);

    const yaml = await converted(Buffer.from('{"on": "yes", "n": 12345678901234567890}'), 'a.json', {
      to: 'yaml',
    });
    expect(yaml.headers['content-type']).toBe('application/yaml; charset=utf-8');
    expect(yaml.body).toBe('"on": "yes"\n"n": 12345678901234567890\n');
    const back = await converted(Buffer.from(yaml.body), 'a.yaml', { to: 'json' });
    expect(back.body).toBe('{\n  "on": "yes",\n  "n": 12345678901234567890\n}\n');
  });

  it('renders Markdown to PDF through the text-to-PDF renderer', async () => {
    const response = await converted(fixture('text/faker-README.md'), 'README.md', { to: 'pdf' });
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('How Locales Work');
    expect(text).not.toContain('# How');
  });

  it('converts images through the image pipeline', async () => {
    const response = await converted(fixture('images/chelsea_cat_451x300.png'), 'cat.png', { to: 'webp' });
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-disposition']).toBe('attachment; filename="cat-convert.webp"');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 451, 300]);
    expect([response.headers['x-image-width'], response.headers['x-image-height']]).toEqual(['451', '300']);
  });
});

describe('POST /api/v1/files/convert: bad input', () => {
  it('says what cannot be converted: a renamed zip, a truncated archive, a wrong target', async () => {
    const zip = await makeZip({ 'holiday/photo.txt': 'not a document' });
    expectError(
      await convert(zip, 'report.docx', { to: 'md' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /^Files of this type \(ZIP archive\) cannot be converted/,
    );
    const pdf = fixture('pdf/ltnews18_1page.pdf');
    expectError(
      await convert(pdf.subarray(0, 5000), 'cut.pdf', { to: 'txt' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /PDF document/,
    );
    expectError(
      await convert(docx(), 'a.docx', { to: 'xlsx' }),
      400,
      'VALIDATION_ERROR',
      /^A docx file converts to html, md, txt(, pdf)?; not to "xlsx"\.$/,
    );
    expectError(await convert(docx(), 'a.docx', { to: 'exe' }), 400, 'VALIDATION_ERROR', /to must be one of/);
    const cut = docx().subarray(0, 9000);
    const truncated = await convert(cut, 'cut.docx', { to: 'md' });
    expect([415, 422]).toContain(truncated.statusCode);
  });

  it('refuses a zip bomb in a DOCX, a million empty cells, an empty file and invalid JSON', async () => {
    const bomb = await makeDocx(paragraph('x'), { 'word/media/zeros.bin': Buffer.alloc(120 * 1024 * 1024) });
    expectError(
      await convert(bomb, 'bomb.docx', { to: 'html' }),
      413,
      'PAYLOAD_TOO_LARGE',
      'The DOCX file unpacks to more than 100 MB, more than the server reads.',
    );
    const row = '<c r="A1"/>'.repeat(1000);
    const cells = await makeRawXlsx(
      Array.from({ length: 1001 }, (_, i) => `<row r="${i + 1}">${row}</row>`).join(''),
    );
    expectError(
      await convert(cells, 'cells.xlsx', { to: 'csv' }),
      413,
      'PAYLOAD_TOO_LARGE',
      'The workbook has 1,001,000 cells; at most 1,000,000 can be converted.',
    );
    expectError(
      await convert(Buffer.alloc(0), 'empty.md', { to: 'html' }),
      400,
      'MISSING_FILE',
      'The uploaded file "empty.md" is empty.',
    );
    expectError(
      await convert(Buffer.from('{"a": [1,,2]}'), 'bad.json', { to: 'yaml' }),
      400,
      'VALIDATION_ERROR',
      "The JSON is invalid at line 1, column 10: Unexpected token ','.",
    );
  });
});

describe('GET /api/v1/files/convert/formats', () => {
  it('lists the conversions and, without LibreOffice, how to enable office → PDF', async () => {
    const none = await makeApp({ SOFFICE_PATH: join(work, 'no-such-soffice') });
    try {
      const response = await none.inject({ url: '/api/v1/files/convert/formats' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        data: {
          conversions: Record<string, string[]>;
          unavailable: { from: string; reason: string }[];
          extensions: Record<string, string[]>;
        };
      };
      expect(body.data.conversions.docx).toEqual(['html', 'md', 'txt']);
      expect(body.data.conversions.png).toContain('webp');
      expect(body.data.unavailable.map((u) => u.from)).toEqual(
        expect.arrayContaining(['docx', 'xlsx', 'pptx', 'odt']),
      );
      expect(body.data.unavailable[0]?.reason).toContain('LibreOffice');
      expect(body.data.extensions.md).toEqual(['md', 'markdown']);
      expectError(
        await convertWith(none, docx(), 'a.docx', { to: 'pdf' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /LibreOffice/,
      );
    } finally {
      await none.close();
    }
  });
});

describe('office → PDF, process handling (a stand-in soffice: hangs on a marked document)', () => {
  it('times out with 503 TIMEOUT, kills the process group, and the next conversion works', async () => {
    const marker = `hang-${process.pid}-${Date.now()}`;
    const fake = join(work, 'soffice');
    // Hangs (with a child, like soffice.bin) when the document holds the marker; else writes a PDF.
    writeFileSync(
      fake,
      `#!/bin/sh\nfor last; do :; done\nif unzip -p "$last" word/document.xml | grep -q HANG; then sh -c "sleep 3600; : ${marker}" & sh -c "sleep 3600; : ${marker}"; fi\n` +
        `out=""; while [ $# -gt 0 ]; do [ "$1" = "--outdir" ] && out="$2"; shift; done\nprintf '%%PDF-1.4 stand-in' > "$out/document.pdf"\n`,
    );
    chmodSync(fake, 0o755);
    const office = await makeApp({ SOFFICE_PATH: fake, SOFFICE_TIMEOUT_MS: '1500' });
    try {
      const hang = await makeDocx(paragraph('HANG'));
      const fine = await makeDocx(paragraph('fine'));
      expectError(
        await convertWith(office, hang, 'hang.docx', { to: 'pdf' }),
        503,
        'TIMEOUT',
        /took longer than 1\.5 s/,
      );
      const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
      expect(ps.split('\n').filter((line) => line.includes(marker))).toEqual([]);
      const next = await convertWith(office, fine, 'fine.docx', { to: 'pdf' });
      expect(next.statusCode).toBe(200);
      expect(next.headers['content-type']).toBe('application/pdf');
      expect(next.rawPayload.toString()).toBe('%PDF-1.4 stand-in');
    } finally {
      await office.close();
    }
  });
});

const soffice = await locateSoffice(undefined, undefined);
describe.skipIf(!soffice)(`office → PDF with LibreOffice (${soffice ?? 'not installed: skipped'})`, () => {
  it('converts a DOCX to a PDF whose text is the document’s', { timeout: 120_000 }, async () => {
    const office = await makeApp({ SOFFICE_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '100000' });
    try {
      const response = await convertWith(office, docx(), 'chapter.docx', { to: 'pdf' });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="chapter-convert.pdf"');
      const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
      const { text } = await extractText(pdf, { mergePages: true });
      expect(text).toContain('I18N and L10N');
    } finally {
      await office.close();
    }
  });
});
