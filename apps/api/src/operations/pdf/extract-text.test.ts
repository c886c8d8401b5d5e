import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { failure } from '../../../test/helpers/operation-failure.js';
import { cleanExtractedText, extractPages, openPdf, readPdfInfo } from './extract-text.js';
import { corpus, pdftotext, wordAgreement, words } from './test-support.js';

/** A small PDF written by pdfkit with its standard Helvetica, optionally with passwords. */
function simplePdf(text: string, options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  doc.text(text);
  doc.end();
  return done;
}

describe('openPdf and extractPages', () => {
  it('reads a one-page newsletter exactly as pdftotext does, with its document info', async () => {
    const data = corpus('pdf/ltnews18_1page.pdf');
    const doc = await openPdf(new Uint8Array(data));
    expect(doc.numPages).toBe(1);
    const [page] = await extractPages(doc, [1]);
    expect(page?.number).toBe(1);
    expect(words(page?.text ?? '')).toEqual(words(pdftotext(data)));
    expect(page?.text.split('\n').slice(0, 2)).toEqual(['LATEX News', 'Issue 18, December 2007']);
    expect(await readPdfInfo(doc)).toEqual({
      title: null,
      author: null,
      creator: 'LaTeX with hyperref',
      producer: 'pdfTeX-1.40.24',
      created: '2022-11-30T21:32:43.000Z',
    });
  });

  it("keeps 98 % of pdftotext's words on an old Ghostscript PDF with margin notes", async () => {
    const data = corpus('pdf/pspicture_ghostscript705_3p.pdf');
    const doc = await openPdf(new Uint8Array(data));
    const pages = await extractPages(doc, [1, 2, 3]);
    const text = pages.map((p) => p.text).join('\n');
    expect(wordAgreement(text, pdftotext(data))).toBeGreaterThanOrEqual(0.98);
    // Margin notes such as "\circle" stand alone, not glued to the body line beside them.
    expect(text).not.toMatch(/thickness\\circle/);
    expect(words(text)).toContain('\\circle');
  });

  it('reads title and author from the Info dictionary', async () => {
    const doc = await openPdf(new Uint8Array(corpus('pdf/tkz-euclide_figures_259p.pdf')));
    const info = await readPdfInfo(doc);
    expect(info.title).toBe('tkz-euclide');
    expect(info.author).toBe('Alain Matthes');
    expect(info.producer).toBe('LuaTeX-1.13.2');
    expect(info.created).toBe('2022-09-23T08:06:42.000Z');
  });

  it('turns ligature code points into letters and drops NUL and other control characters', () => {
    expect(cleanExtractedText('\uFB01nd e\uFB00ort \uFB04uent \uFB02ow \uFB03ce')).toBe(
      'find effort ffluent flow ffice',
    );
    expect(cleanExtractedText('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
  });

  it('joins a word hyphenated across a line end and never leaves ligatures or NUL in real documents', async () => {
    const data = corpus('pdf/lwarp_1370p.pdf');
    const doc = await openPdf(new Uint8Array(data));
    const pages = await extractPages(doc, [1, 2, 3, 4, 5]);
    const text = pages.map((p) => p.text).join('\n');
    expect(text).not.toMatch(/[\uFB00-\uFB06]|\p{Cc}(?<![\n])/u);
    expect(text).toContain('European bank transfer');
    expect(text).toMatch(/\bfirst\b/);
  });

  it('opens an owner-password-only PDF that allows copying, and reads it', async () => {
    const data = await simplePdf('Owner password only, text readable.', {
      ownerPassword: 'owner',
      permissions: { copying: true, modifying: false },
    });
    expect(Buffer.from(data).includes('/Encrypt')).toBe(true);
    const doc = await openPdf(data);
    expect((await extractPages(doc, [1]))[0]?.text).toBe('Owner password only, text readable.');
  });

  it('refuses an owner-password-only PDF whose permissions forbid copying text (422)', async () => {
    const data = await simplePdf('Not to be copied.', {
      ownerPassword: 'owner',
      permissions: { copying: false, modifying: false },
    });
    const error = await failure(openPdf(data));
    expect(error.code).toBe('UNPROCESSABLE_FILE');
    expect(error.message).toBe(
      'The PDF is encrypted and its owner does not allow copying its text; ask its author for a copy without that restriction.',
    );
  });

  it('refuses a PDF that needs a user password with a 422 that says it is encrypted', async () => {
    const error = await failure(openPdf(new Uint8Array(corpus('bad/pdf_encrypted_userpw_secret.pdf'))));
    expect(error.code).toBe('UNPROCESSABLE_FILE');
    expect(error.message).toBe(
      'The PDF is encrypted with a password needed to open it; remove the password and send it again.',
    );
    const made = await failure(openPdf(await simplePdf('secret', { userPassword: 'u', ownerPassword: 'o' })));
    expect(made.message).toContain('encrypted');
  });

  it('answers empty, truncated and non-PDF files with the right code', async () => {
    expect((await failure(openPdf(new Uint8Array(corpus('bad/empty.pdf'))))).message).toBe(
      'The PDF is empty (0 bytes).',
    );
    const truncated = await failure(openPdf(new Uint8Array(corpus('bad/pdf_truncated_60pct.pdf'))));
    expect([truncated.code, truncated.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'The PDF is damaged or truncated and could not be read.',
    ]);
    const html = await failure(openPdf(new Uint8Array(corpus('bad/html_with_pdf_extension.pdf'))));
    expect([html.code, html.message]).toEqual([
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not a PDF: it does not start with %PDF-.',
    ]);
  });
});
