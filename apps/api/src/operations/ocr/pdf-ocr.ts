import { OperationError } from '../errors.js';
import { checkOcrCost, ocrCost, planPages } from './cost.js';
import {
  cleanRecognisedText,
  type OcrEngine,
  type OcrMode,
  type OcrSlots,
  type PdfRenderer,
  type TextSource,
} from './engine.js';
import { denoiseFromDpi, enginePage } from './prepare.js';
import { OcrClock, type OcrRunLimits } from './run.js';

export interface PdfOcrServices {
  engine: OcrEngine;
  renderer: PdfRenderer;
  /** The OCR lane: one limiter for every page recognised on this server. */
  slots: OcrSlots;
}

export interface PdfOcrRequest {
  data: Uint8Array;
  /**
   * The selected pages (the request's `pages`) with their text layer as pdf/to-text read it; an
   * empty text means the page has none. Only these pages are ever rendered.
   */
  pages: readonly { number: number; text: string }[];
  mode: OcrMode;
  /** Checked with checkLanguages. */
  languages: string;
}

export interface SourcedPage {
  number: number;
  text: string;
  source: TextSource;
}

/** Which of the selected pages OCR reads: none (`never`), those without a text layer (`auto`), all (`always`). */
export function pagesToRecognise(pages: PdfOcrRequest['pages'], mode: OcrMode): number[] {
  if (mode === 'never') return [];
  return pages.filter((page) => mode === 'always' || page.text.trim() === '').map((page) => page.number);
}

/**
 * The text of a PDF's selected pages, each from its text layer or from OCR as `mode` says. Before
 * any page is rendered, the pages to recognise are measured (their sizes read from the document)
 * and the run is refused with 413 when its pixels would take longer than the time limit. Then
 * each page is rendered alone at 300 DPI (less only for a page too large for the page-pixel
 * limit), recognised, and dropped before the next, inside the OCR lane's limiter: memory stays
 * that of one page whatever the page count. A cancelled signal or the deadline stops the
 * engine and the run.
 *
 * @example await readPdfPages({ data, pages: textLayer.pages, mode: 'auto', languages: 'eng' }, services, limits)
 */
export async function readPdfPages(
  request: PdfOcrRequest,
  services: PdfOcrServices,
  limits: OcrRunLimits,
): Promise<SourcedPage[]> {
  const wanted = pagesToRecognise(request.pages, request.mode);
  const fromLayer = (page: { number: number; text: string }): SourcedPage => ({
    number: page.number,
    text: page.text,
    source: 'text-layer',
  });
  if (wanted.length === 0) return request.pages.map(fromLayer);

  const clock = new OcrClock(limits);
  const recognised = await services.renderer.withPdf(request.data, async (pdf) => {
    const sizes = new Map((await pdf.pageSizes(limits.signal)).map((size) => [size.number, size]));
    const plans = planPages(
      wanted.map((number) => {
        const size = sizes.get(number);
        if (!size) {
          throw new OperationError('UNPROCESSABLE_FILE', `Page ${number} of this PDF could not be measured.`);
        }
        return size;
      }),
      limits,
    );
    checkOcrCost(
      ocrCost(plans, limits),
      { ...limits, timeoutMs: clock.remaining() },
      'Ask for fewer pages with "pages", or send the PDF as an async job, which has more time.',
    );

    const texts = new Map<number, string>();
    for (const plan of plans) {
      clock.check(texts.size, plans.length);
      try {
        const text = await services.slots.run(async () => {
          clock.check(texts.size, plans.length);
          const rendered = await pdf.renderPage(plan.number, plan.dpi, {
            timeoutMs: clock.remaining(),
            signal: limits.signal,
          });
          const page = await enginePage(rendered, {
            denoise: plan.dpi >= denoiseFromDpi,
            // What was planned, with room for the renderer's rounding; never an unbounded decode.
            maxInputPixels: 2 * plan.width * plan.height + 1_000_000,
          });
          return services.engine.recognize(page, {
            languages: request.languages,
            dpi: plan.dpi,
            timeoutMs: clock.remaining(),
            signal: limits.signal,
          });
        });
        texts.set(plan.number, cleanRecognisedText(text));
      } catch (error) {
        throw clock.translate(error, texts.size, plans.length);
      }
      limits.onPage?.(texts.size, plans.length);
    }
    return texts;
  });

  return request.pages.map((page) => {
    const text = recognised.get(page.number);
    return text === undefined ? fromLayer(page) : { number: page.number, text, source: 'ocr' };
  });
}
