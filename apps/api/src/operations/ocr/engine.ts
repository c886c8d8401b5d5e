import type { ocrModes, textSources } from '@toolkit/catalog';
import { OperationError } from '../errors.js';

/**
 * What OCR needs from the server, handed in by the caller so that these operations stay pure (no
 * process handling, no configuration): an engine that reads text from one page image, a renderer
 * that turns PDF pages into such images, and the lane's limiter. The server's implementations
 * (tesseract and pdftoppm in their own process groups) are in runtime/ocr-engine.ts.
 */

export interface RecognizeOptions {
  /** Tesseract-style language list, already checked: "eng", "eng+deu". */
  languages: string;
  /** Resolution of the image, when known (rendered PDF pages): guides the engine's text sizes. */
  dpi?: number | undefined;
  /** Time this page may take; then the engine is stopped and the call rejects with TIMEOUT. */
  timeoutMs: number;
  /** Aborted when the client goes away or the job is deleted: the engine is stopped at once. */
  signal?: AbortSignal | undefined;
}

export interface OcrEngine {
  /** Name and version, for /ready and logs: "tesseract 5.3.0". */
  readonly name: string;
  /** The recognition languages installed ("eng", "deu"…), sorted; never the orientation model. */
  languages(): readonly string[];
  /** The text of one page image (grey PGM or PNG, as prepare.ts makes it), lines separated by \n. */
  recognize(image: Buffer, options: RecognizeOptions): Promise<string>;
}

/** A page's size in PDF points (1/72 inch), as the renderer will draw it (rotation aside). */
export interface PageSize {
  number: number;
  widthPt: number;
  heightPt: number;
}

/** One PDF, opened by the renderer for the time of one request (e.g. written once to a private folder). */
export interface OpenedPdf {
  /** Every page's size, read from the document without rendering anything. */
  pageSizes(signal?: AbortSignal): Promise<PageSize[]>;
  /** One page as a grey binary PGM (P5) at `dpi`: only this page is rasterised, so memory is one page's. */
  renderPage(
    page: number,
    dpi: number,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<Buffer>;
}

export interface PdfRenderer {
  /** Runs `work` with the PDF opened, and releases it (its temporary files) whatever happens. */
  withPdf<T>(data: Uint8Array, work: (pdf: OpenedPdf) => Promise<T>): Promise<T>;
}

/**
 * The OCR lane's limiter: how many pages are recognised at once, server-wide. Taken per page, not
 * per request, so a 400-page job and a one-page request take turns instead of queueing behind it.
 * runtime/run-process.ts's ProcessSlots fits.
 */
export interface OcrSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** auto, always, never: the catalog's `ocr` field (pdf-to-text). */
export type OcrMode = (typeof ocrModes)[number];

/** Where a page's text came from: text-layer or ocr. */
export type TextSource = (typeof textSources)[number];

/** What the formats endpoint, /ready and the 422 of a scan say when the server has no OCR engine. */
export const enableOcrHint =
  'Text in scans and images is recognised (OCR) when Tesseract is installed on the server (Debian/Ubuntu: apt-get install tesseract-ocr tesseract-ocr-eng poppler-utils, and tesseract-ocr-deu and the like for more languages), or when TESSERACT_PATH points at its tesseract program.';

/** Most languages in one request: each one adds a model the engine runs over every line. */
export const maxLanguages = 5;

const languagePattern = /^[a-z]{3}(?:_[a-z]+)?$/;

/**
 * The languages a request asked for, checked against the engine's: "eng+deu" → "eng+deu". An
 * unknown one is a 400 on `languages` that lists the installed ones, so a client can correct it.
 */
export function checkLanguages(requested: string | undefined, engine: OcrEngine): string {
  const wanted = (requested ?? 'eng')
    .split('+')
    .map((code) => code.trim())
    .filter(Boolean);
  const installed = engine.languages();
  const fail = (message: string) => new OperationError('VALIDATION_ERROR', message, { field: 'languages' });
  if (wanted.length === 0) throw fail('languages must name at least one language, such as "eng".');
  if (wanted.length > maxLanguages) {
    throw fail(
      `languages may name at most ${maxLanguages} languages; "${requested}" names ${wanted.length}.`,
    );
  }
  for (const code of wanted) {
    if (!languagePattern.test(code)) {
      throw fail(
        `"${code}" is not a language code: use three letters such as eng, deu, fra, joined with "+".`,
      );
    }
    if (!installed.includes(code)) {
      throw fail(`The language "${code}" is not installed on this server; it has ${installed.join(', ')}.`);
    }
  }
  return [...new Set(wanted)].join('+');
}

/**
 * Recognised text as an answer gives it: the engine's page break (form feed) gone, spaces at line
 * ends dropped, runs of blank lines one blank line, no blank lines at the ends.
 */
export function cleanRecognisedText(text: string): string {
  return text
    .replace(/\f/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}
