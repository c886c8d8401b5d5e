import { describe, expect, it } from 'vitest';
import { detectFileType } from '../detect/detect.js';
import { makeDocx, makeZip, paragraph } from '../test-support/fixtures.js';
import { type Capabilities, conversions, enableOfficeHint, planConversion } from './formats.js';

const everything: Capabilities = { office: true, textPdf: true, images: ['jpeg', 'png', 'webp'] };
const bare: Capabilities = { office: false, textPdf: false, images: [] };

describe('the conversion list', () => {
  it('always has the document conversions of the contract', () => {
    const pairs = conversions(bare).available.map((c) => `${c.from}>${c.to}`);
    expect(pairs).toEqual(
      expect.arrayContaining([
        'docx>html',
        'docx>md',
        'docx>txt',
        'md>html',
        'html>md',
        'html>txt',
        'xlsx>csv',
        'xlsx>json',
        'csv>xlsx',
        'json>yaml',
        'yaml>json',
      ]),
    );
  });

  it('lists office → PDF only with LibreOffice, and says how to enable it otherwise', () => {
    expect(conversions(everything).available).toContainEqual({ from: 'pptx', to: 'pdf', engine: 'office' });
    const { available, unavailable } = conversions(bare);
    expect(available.some((c) => c.to === 'pdf')).toBe(false);
    expect(unavailable).toContainEqual({ from: 'docx', to: 'pdf', reason: enableOfficeHint });
    expect(enableOfficeHint).toContain('apt-get install libreoffice-writer-nogui');
  });

  it('offers text → PDF and images between each other when those renderers are wired', () => {
    const pairs = conversions(everything).available.map((c) => `${c.from}>${c.to}`);
    expect(pairs).toEqual(expect.arrayContaining(['txt>pdf', 'md>pdf', 'png>webp', 'jpeg>png']));
    expect(pairs).not.toContain('png>png');
  });
});

describe('planConversion', () => {
  it('routes by what the bytes are, trusting a text file’s extension for its text format', async () => {
    const docx = await detectFileType(await makeDocx(paragraph('x')), { name: 'a.docx' });
    expect(planConversion(docx, 'MD', bare)).toEqual({ from: 'docx', to: 'md', engine: 'document' });
    expect(planConversion(docx, '.pdf', everything)).toEqual({ from: 'docx', to: 'pdf', engine: 'office' });
    const notes = await detectFileType(Buffer.from('just words'), { name: 'notes.markdown' });
    expect(planConversion(notes, 'html', bare)).toMatchObject({ from: 'md', to: 'html' });
  });

  it('answers 415 for a renamed zip, 400 naming the targets for an impossible target, 415 with the hint without LibreOffice', async () => {
    const zip = await detectFileType(await makeZip({ 'a.txt': 'x' }), { name: 'report.docx' });
    expect(() => planConversion(zip, 'html', bare)).toThrowError(
      expect.objectContaining({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('ZIP archive'),
      }),
    );
    const docx = await detectFileType(await makeDocx(paragraph('x')));
    expect(() => planConversion(docx, 'xlsx', bare)).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        field: 'to',
        message: 'A docx file converts to html, md, txt; not to "xlsx".',
      }),
    );
    expect(() => planConversion(docx, 'pdf', bare)).toThrowError(
      expect.objectContaining({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('LibreOffice'),
      }),
    );
  });
});
