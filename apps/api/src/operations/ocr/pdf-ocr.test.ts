import { describe, expect, it } from 'vitest';
import {
  needsPoppler,
  needsTesseract,
  poppler,
  slots,
  tesseract,
} from '../../../test/helpers/ocr-engines.js';
import { OperationError } from '../errors.js';
import { extractPages, openPdf } from '../pdf/extract-text.js';
import { checkLanguages, type OcrEngine, type PdfRenderer } from './engine.js';
import { readPdfPages } from './pdf-ocr.js';
import { croppedScans, firstParagraphs, roomyLimits, testPdf, wordAccuracy } from './test-support.js';

/** A renderer that draws blank pages (half-inch squares unless `letter`) and records which ones it was asked for. */
function standInRenderer(pageCount: number, size = { widthPt: 36, heightPt: 36 }) {
  const rendered: number[] = [];
  const renderer: PdfRenderer = {
    withPdf: (_data, work) =>
      work({
        pageSizes: async () => Array.from({ length: pageCount }, (_, i) => ({ number: i + 1, ...size })),
        renderPage: async (page) => {
          rendered.push(page);
          // A white 150 × 150 page, as pdftoppm -gray writes it.
          return Buffer.concat([Buffer.from('P5\n150 150\n255\n'), Buffer.alloc(150 * 150, 255)]);
        },
      }),
  };
  return { renderer, rendered };
}

/**
 * An engine that answers "text of call N", or with `hang` one that never finishes a page until
 * its signal is aborted (as the real one, killed with its group); `onCall` runs once it has begun.
 */
function standInEngine(options: { hang?: boolean; onCall?: () => void } = {}) {
  let calls = 0;
  const engine: OcrEngine = {
    name: 'stand-in',
    languages: () => ['eng'],
    recognize: (_image, { signal }) => {
      calls++;
      if (!options.hang) return Promise.resolve(`text of call ${calls}\f`);
      return new Promise((_, reject) => {
        const stop = () => reject(new OperationError('TIMEOUT', 'Cancelled.'));
        if (signal?.aborted) stop();
        else signal?.addEventListener('abort', stop, { once: true });
        options.onCall?.();
      });
    },
  };
  return { engine, calls: () => calls };
}

const layer = (...texts: string[]) => texts.map((text, i) => ({ number: i + 1, text }));

describe('which pages are recognised, with stand-in engines', () => {
  it('auto: only pages without a text layer; the others keep theirs, each saying where its text came from', async () => {
    const { renderer, rendered } = standInRenderer(3);
    const { engine } = standInEngine();
    const pages = await readPdfPages(
      { data: new Uint8Array(), pages: layer('typed', '  \n', 'also typed'), mode: 'auto', languages: 'eng' },
      { engine, renderer, slots },
      roomyLimits,
    );
    expect(rendered).toEqual([2]);
    expect(pages).toEqual([
      { number: 1, text: 'typed', source: 'text-layer' },
      { number: 2, text: 'text of call 1', source: 'ocr' },
      { number: 3, text: 'also typed', source: 'text-layer' },
    ]);
  });

  it('always: every selected page, and only those (the `pages` selection limits the work)', async () => {
    const { renderer, rendered } = standInRenderer(10);
    const { engine, calls } = standInEngine();
    const selected = [
      { number: 4, text: 'typed' },
      { number: 7, text: '' },
    ];
    const pages = await readPdfPages(
      { data: new Uint8Array(), pages: selected, mode: 'always', languages: 'eng' },
      { engine, renderer, slots },
      roomyLimits,
    );
    expect(rendered).toEqual([4, 7]);
    expect(calls()).toBe(2);
    expect(pages.map((page) => page.source)).toEqual(['ocr', 'ocr']);
  });

  it('never, or nothing to recognise: nothing is opened or rendered', async () => {
    const { renderer, rendered } = standInRenderer(2);
    const { engine, calls } = standInEngine();
    for (const mode of ['never', 'auto'] as const) {
      const pages = await readPdfPages(
        {
          data: new Uint8Array(),
          pages: layer(mode === 'never' ? '' : 'typed', 'typed'),
          mode,
          languages: 'eng',
        },
        { engine, renderer, slots },
        roomyLimits,
      );
      expect(pages.every((page) => page.source === 'text-layer')).toBe(true);
    }
    expect(rendered).toEqual([]);
    expect(calls()).toBe(0);
  });

  it('refuses with 413 before rendering anything when the pages would overrun the time limit', async () => {
    const { renderer, rendered } = standInRenderer(400, { widthPt: 612, heightPt: 792 });
    const { engine, calls } = standInEngine();
    const pages = Array.from({ length: 400 }, (_, i) => ({ number: i + 1, text: '' }));
    await expect(
      readPdfPages(
        { data: new Uint8Array(), pages, mode: 'auto', languages: 'eng' },
        { engine, renderer, slots },
        { ...roomyLimits, timeoutMs: 30_000 },
      ),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('time limit of 30 s'),
    });
    expect(rendered).toEqual([]);
    expect(calls()).toBe(0);
  });

  it('stops at once when the request is cancelled mid-page: no later page starts', async () => {
    const { renderer } = standInRenderer(3);
    const controller = new AbortController();
    const { engine, calls } = standInEngine({ hang: true, onCall: () => controller.abort() });
    const progress: number[] = [];
    const run = readPdfPages(
      { data: new Uint8Array(), pages: layer('', '', ''), mode: 'auto', languages: 'eng' },
      { engine, renderer, slots },
      { ...roomyLimits, signal: controller.signal, onPage: (done) => progress.push(done) },
    );
    await expect(run).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(calls()).toBe(1);
    expect(progress).toEqual([]);
  });

  it("a page that overruns the run's time limit is the run's TIMEOUT, naming the limit", async () => {
    const { renderer } = standInRenderer(2);
    // As the real engine does at its time limit: its group killed, TIMEOUT with its own words.
    const engine: OcrEngine = {
      ...standInEngine().engine,
      recognize: (_image, { timeoutMs }) =>
        new Promise((_, reject) =>
          setTimeout(() => reject(new OperationError('TIMEOUT', 'The conversion took too long.')), timeoutMs),
        ),
    };
    await expect(
      readPdfPages(
        { data: new Uint8Array(), pages: layer('', ''), mode: 'auto', languages: 'eng' },
        { engine, renderer, slots },
        { ...roomyLimits, timeoutMs: 1000 },
      ),
    ).rejects.toMatchObject({
      code: 'TIMEOUT',
      message:
        'Recognising the text of 2 pages took longer than the time limit of 1 s and was stopped after 0.',
    });
  });
});

/** The text layer of every page, as pdf/to-text reads it (pdf.js), without the worker pool. */
async function textLayer(pdf: Buffer) {
  const doc = await openPdf(new Uint8Array(pdf));
  try {
    return await extractPages(
      doc,
      Array.from({ length: doc.numPages }, (_, i) => i + 1),
    );
  } finally {
    await doc.destroy();
  }
}

describe.skipIf(!tesseract || !poppler)(`scanned PDFs, ${needsTesseract}, ${needsPoppler}`, () => {
  const services = () => {
    if (!tesseract || !poppler) throw new Error('unreachable: skipped without the engines');
    return { engine: tesseract, renderer: poppler, slots };
  };
  const [first = '', second = ''] = firstParagraphs;

  it('reads a PDF that holds nothing but a scanned page', { timeout: 300_000 }, async () => {
    const [scan] = await croppedScans([second]);
    const pdf = await testPdf([{ image: scan ?? Buffer.alloc(0), dpi: 300 }]);
    const pages = await textLayer(pdf);
    expect(pages).toEqual([{ number: 1, text: '' }]);
    const [page] = await readPdfPages(
      { data: pdf, pages, mode: 'auto', languages: checkLanguages('eng', services().engine) },
      services(),
      roomyLimits,
    );
    expect(page?.source).toBe('ocr');
    expect(wordAccuracy(page?.text ?? '', second)).toBeGreaterThanOrEqual(0.98);
  });

  it('reads a typed page from its text layer and a scanned page by OCR, in one PDF', {
    timeout: 180_000,
  }, async () => {
    const [scan] = await croppedScans([second]);
    const pdf = await testPdf([{ text: first }, { image: scan ?? Buffer.alloc(0), dpi: 300 }]);
    const layerPages = await textLayer(pdf);
    const pages = await readPdfPages(
      { data: pdf, pages: layerPages, mode: 'auto', languages: 'eng' },
      services(),
      roomyLimits,
    );
    expect(pages.map((page) => page.source)).toEqual(['text-layer', 'ocr']);
    expect(pages[0]?.text).toBe(layerPages[0]?.text);
    expect(wordAccuracy(pages[1]?.text ?? '', second)).toBeGreaterThanOrEqual(0.98);

    // `always` reads the typed page by OCR too: what it renders is the same text.
    const always = await readPdfPages(
      { data: pdf, pages: layerPages.slice(0, 1), mode: 'always', languages: 'eng' },
      services(),
      roomyLimits,
    );
    expect(always[0]?.source).toBe('ocr');
    expect(wordAccuracy(always[0]?.text ?? '', first)).toBeGreaterThanOrEqual(0.98);
  });
});
