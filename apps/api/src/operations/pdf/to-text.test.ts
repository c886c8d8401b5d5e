import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkerPool, pdfReader } from '../../../test/helpers/engines.js';
import { failure } from '../../../test/helpers/operation-failure.js';
import { corpus, pdftotext, wordAgreement } from './test-support.js';
import { pdfToText, shareOut } from './to-text.js';

afterAll(() => closeWorkerPool());

const limits = { timeoutMs: 120_000 };

describe('pdfToText (worker pool)', () => {
  it('agrees with pdftotext on at least 98 % of the words of the text PDFs of the corpus', async () => {
    const files = [
      'ltnews18_1page',
      'pspicture_ghostscript705_3p',
      'polyglossia-example-chinese_1page',
      'tkz-euclide_figures_259p',
      'debian-reference-zh-cn_251p',
      'lwarp_1370p',
    ];
    let common = 0;
    let total = 0;
    for (const name of files) {
      const data = corpus(`pdf/${name}.pdf`);
      const result = await pdfToText(data, {}, limits, pdfReader);
      const reference = pdftotext(data);
      const agreement = wordAgreement(result.text, reference);
      const count = reference.split(/\s+/).filter(Boolean).length;
      common += agreement * count;
      total += count;
      expect(agreement, name).toBeGreaterThanOrEqual(0.97);
      // Every page, in order: the names end with the page count (lwarp_1370p).
      expect(result.pageCount, name).toBe(Number(name.match(/_(\d+)p/)?.[1]));
      expect(result.pages.map((p) => p.number)).toEqual(
        Array.from({ length: result.pageCount }, (_, i) => i + 1),
      );
    }
    expect(common / total).toBeGreaterThanOrEqual(0.98);
  }, 300_000);

  it('reads only the selected pages, in page order, each agreeing with pdftotext on that page', async () => {
    const data = corpus('pdf/tkz-euclide_figures_259p.pdf');
    const result = await pdfToText(data, { pages: '7,1-3' }, limits, pdfReader);
    expect(result.pageCount).toBe(259);
    expect(result.pages.map((p) => p.number)).toEqual([1, 2, 3, 7]);
    expect(result.text).toBe(result.pages.map((p) => p.text).join('\n\n'));
    const page7 = pdftotext(data, ['-f', '7', '-l', '7']);
    expect(wordAgreement(result.pages[3]?.text ?? '', page7)).toBeGreaterThanOrEqual(0.97);
    expect(result.info.title).toBe('tkz-euclide');
  });

  it('shares a long selection out in runs of consecutive pages', () => {
    expect(shareOut([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(shareOut([5], 4)).toEqual([[5]]);
  });

  it('says how many pages there are when the selection goes past the end', async () => {
    const error = await failure(
      pdfToText(corpus('pdf/pspicture_ghostscript705_3p.pdf'), { pages: '2-5' }, limits, pdfReader),
    );
    expect([error.code, error.field, error.message]).toEqual([
      'VALIDATION_ERROR',
      'pages',
      'The document has 3 pages; page 5 does not exist.',
    ]);
  });

  it.each(['0', '5-2', 'abc'])('refuses pages=%j before reading the file', async (pages) => {
    const error = await failure(pdfToText(new Uint8Array(0), { pages }, limits, pdfReader));
    expect([error.code, error.field]).toEqual(['VALIDATION_ERROR', 'pages']);
  });

  it('says that an image-only PDF has no text layer instead of returning nothing', async () => {
    const error = await failure(
      pdfToText(corpus('pdf/image-only_felsen-wasser_1page.pdf'), {}, limits, pdfReader),
    );
    expect(error.code).toBe('UNPROCESSABLE_FILE');
    expect(error.message).toBe(
      'This PDF has no text layer: its page holds only images or drawings (a scan?). Reading text from images needs OCR, which this tool does not do.',
    );
  });

  it('carries the encrypted and not-a-PDF failures back from the worker', async () => {
    const encrypted = await failure(
      pdfToText(corpus('bad/pdf_encrypted_userpw_secret.pdf'), {}, limits, pdfReader),
    );
    expect(encrypted.message).toContain('encrypted');
    const html = await failure(pdfToText(corpus('bad/html_with_pdf_extension.pdf'), {}, limits, pdfReader));
    expect(html.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('stops with TIMEOUT at its limit on a long manual, and keeps serving', async () => {
    // (Read whole, all 1370 pages, in the corpus test above.)
    const data = corpus('pdf/lwarp_1370p.pdf');
    const stopped = await failure(pdfToText(data, {}, { timeoutMs: 200 }, pdfReader));
    expect(stopped.code).toBe('TIMEOUT');
    // The threads that were stopped are replaced: the next document is read normally.
    const next = await pdfToText(corpus('pdf/ltnews18_1page.pdf'), {}, limits, pdfReader);
    expect(next.text).toContain('This news never existed.');
  }, 300_000);

  it('stops when the request is given up', async () => {
    const controller = new AbortController();
    const running = pdfToText(
      corpus('pdf/lwarp_1370p.pdf'),
      {},
      { timeoutMs: 120_000, signal: controller.signal },
      pdfReader,
    );
    setTimeout(() => controller.abort(), 50);
    const error = await failure(running);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('The request was cancelled before the work finished.');
  });
});
