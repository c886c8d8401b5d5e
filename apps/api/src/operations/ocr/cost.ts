import { OperationError } from '../errors.js';
import type { PageSize } from './engine.js';

/**
 * The cost of OCR, known before any page is rendered or recognised: the engine's time grows with
 * the pixels it looks at, so pages × rendered pixels, at the pace this server was measured at,
 * says how long a request would take. Over its time limit it is refused at once (413 naming the
 * limit) rather than started and stopped at the limit with nothing to show.
 */

/** Resolution PDF pages are rendered at: what the engine reads 8–12 pt text best at. */
export const ocrDpi = 300;

export interface OcrCostLimits {
  /** Time the recognition may take: what is left of the request's or the job's time limit. */
  timeoutMs: number;
  /**
   * The engine's measured pace on one core. Tesseract 5 (one thread) took 1.5–2.4 CPU-seconds
   * for a Letter page at 300 DPI (8.4 megapixels) of dense text; 2 megapixels a second leaves
   * room for a busy machine and small print.
   */
  megapixelsPerSecond: number;
  /**
   * Largest page image, in pixels. A PDF page larger than this at 300 DPI (a poster, a drawing) is
   * rendered at the resolution that fits, so one page never takes more memory than this allows.
   */
  maxPagePixels: number;
}

/** Tesseract (Leptonica) refuses images wider or taller than this. */
export const maxPageSide = 32_000;

/** How one PDF page will be rendered. */
export interface PagePlan {
  number: number;
  dpi: number;
  width: number;
  height: number;
}

export interface OcrCost {
  pages: number;
  pixels: number;
  /** What the work is expected to take at the measured pace. */
  estimatedMs: number;
}

/**
 * The rendering of each page to recognise: 300 DPI, or less for a page that would exceed the
 * page-pixel or side limit at 300 (never less than 1 pixel a side).
 */
export function planPages(
  sizes: readonly PageSize[],
  limits: Pick<OcrCostLimits, 'maxPagePixels'>,
): PagePlan[] {
  return sizes.map((size) => {
    const width = (size.widthPt / 72) * ocrDpi;
    const height = (size.heightPt / 72) * ocrDpi;
    const scale = Math.min(
      1,
      Math.sqrt(limits.maxPagePixels / Math.max(1, width * height)),
      maxPageSide / Math.max(1, width, height),
    );
    // pdftoppm takes whole DPI values; rounding down keeps the page within the limits.
    const dpi = scale < 1 ? Math.max(1, Math.floor(ocrDpi * scale)) : ocrDpi;
    return {
      number: size.number,
      dpi,
      width: Math.max(1, Math.ceil((size.widthPt / 72) * dpi)),
      height: Math.max(1, Math.ceil((size.heightPt / 72) * dpi)),
    };
  });
}

/** Pages, pixels and expected time of recognising images of these sizes. */
export function ocrCost(
  images: readonly { width: number; height: number }[],
  limits: Pick<OcrCostLimits, 'megapixelsPerSecond'>,
): OcrCost {
  const pixels = images.reduce((sum, image) => sum + image.width * image.height, 0);
  return {
    pages: images.length,
    pixels,
    estimatedMs: Math.ceil((pixels / 1e6 / limits.megapixelsPerSecond) * 1000),
  };
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000)).toLocaleString('en-US');

/**
 * Refuses work that cannot finish in time: 413 (PAYLOAD_TOO_LARGE) naming the time limit, the
 * pages and pixels, and `advice`: what to do instead (fewer pages, an async job).
 */
export function checkOcrCost(cost: OcrCost, limits: OcrCostLimits, advice: string): void {
  if (cost.estimatedMs <= limits.timeoutMs) return;
  const megapixels = Math.ceil(cost.pixels / 1e6).toLocaleString('en-US');
  throw new OperationError(
    'PAYLOAD_TOO_LARGE',
    `Recognising the text of ${cost.pages.toLocaleString('en-US')} page${cost.pages === 1 ? '' : 's'} ` +
      `(${megapixels} megapixels) would take about ${seconds(cost.estimatedMs)} s at this server's pace ` +
      `of ${limits.megapixelsPerSecond} megapixels a second, more than the time limit of ` +
      `${seconds(limits.timeoutMs)} s. ${advice}`,
  );
}
