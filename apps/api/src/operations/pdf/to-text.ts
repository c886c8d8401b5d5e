import { availableParallelism } from 'node:os';
import { defaultLimits } from '@toolkit/catalog';
import { OperationError } from '../errors.js';
import type { PdfInfo, PdfPageText } from './extract-text.js';
import { describePages, type PageRange, parsePageRanges } from './page-ranges.js';

/** What the task that opens a PDF is given (workers/tasks/pdf.ts). */
export interface OpenInput {
  data: Uint8Array;
  ranges: PageRange[] | undefined;
  /** Pages this task extracts itself when the selection is no longer; otherwise none. */
  extractUpTo: number;
  /** Checked once there, before pdf.js reads the file (the tasks that share out pages open it again). */
  maxInflatedBytes: number;
}

/** What it answers: the document's facts, the selected pages, and their text if few. */
export interface OpenOutput {
  pageCount: number;
  info: PdfInfo;
  selected: number[];
  pages: PdfPageText[];
}

/** A run of pages for one more task. */
export interface PagesInput {
  data: Uint8Array;
  pages: number[];
}

/** How one task is run: stopped with the call's signal, bounded by what is left of its time. */
export interface TaskRun {
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * The worker-pool tasks that read a PDF, handed to the operation by the lane that runs it (off the
 * event loop, on as many threads as the lane gives).
 */
export interface PdfReader {
  openAndExtract(job: OpenInput, run: TaskRun): Promise<OpenOutput>;
  extractPages(job: PagesInput, run: TaskRun): Promise<PdfPageText[]>;
}

export interface PdfToTextResult {
  /** The pages' texts, separated by a blank line. */
  text: string;
  pageCount: number;
  pages: PdfPageText[];
  info: PdfInfo;
}

export interface RunLimits {
  /** Time for the whole extraction, all pages included. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** What the streams pdf.js reads may inflate to together (see inflate-guard.ts); the catalog's default. */
  maxInflatedBytes?: number;
}

/** Up to this many pages are read by the worker that opens the document; more are shared out. */
export const pagesInOneTask = 24;

/** Splits page numbers into `parts` runs of consecutive selections of near-equal length. */
export function shareOut(pages: readonly number[], parts: number): number[][] {
  const size = Math.ceil(pages.length / Math.max(1, parts));
  const out: number[][] = [];
  for (let i = 0; i < pages.length; i += size) out.push(pages.slice(i, i + size));
  return out;
}

/**
 * Extracts the text of a PDF (all pages, or the `pages` selection such as "1-3,7") with pdf.js in
 * the worker pool (the `reader` handed in), within one time limit for the whole document. A long document's pages are
 * shared out over the pool's threads, each opening its own copy, so the cores read it side by
 * side. Pages with no text layer at all (scans, photos) are a 422 that says so rather than an
 * empty answer; a selection past the end is a 400 naming the page count.
 *
 * @example await pdfToText(buffer, { pages: '1-3' }, { timeoutMs: 30_000, signal }, reader)
 */
export async function pdfToText(
  data: Uint8Array,
  options: { pages?: string | undefined },
  limits: RunLimits,
  reader: PdfReader,
): Promise<PdfToTextResult> {
  const ranges: PageRange[] | undefined = options.pages?.trim() ? parsePageRanges(options.pages) : undefined;
  const deadline = Date.now() + limits.timeoutMs;
  const controller = new AbortController();
  const signal = limits.signal ? AbortSignal.any([limits.signal, controller.signal]) : controller.signal;
  const remaining = () => Math.max(1, deadline - Date.now());
  // A compact copy: a Buffer may be a view into a larger pooled block that would be cloned whole.
  const bytes = new Uint8Array(data);

  const opened = await reader.openAndExtract(
    {
      data: bytes,
      ranges,
      extractUpTo: pagesInOneTask,
      maxInflatedBytes: limits.maxInflatedBytes ?? defaultLimits.pdfMaxInflatedBytes,
    },
    { signal, timeoutMs: remaining() },
  );
  let pages = opened.pages;
  const rest = opened.selected.slice(pages.length);
  if (rest.length > 0) {
    const parts = shareOut(rest, Math.min(Math.ceil(rest.length / 8), availableParallelism() * 2));
    try {
      const results = await Promise.all(
        parts.map((part) =>
          reader.extractPages({ data: bytes, pages: part }, { signal, timeoutMs: remaining() }),
        ),
      );
      pages = pages.concat(...results);
    } catch (error) {
      controller.abort();
      if (error instanceof OperationError && error.code === 'TIMEOUT' && !limits.signal?.aborted) {
        throw new OperationError(
          'TIMEOUT',
          `Reading ${opened.selected.length} pages took longer than ${Math.round(limits.timeoutMs / 1000)} s and was stopped; ask for fewer pages with "pages".`,
          { cause: error },
        );
      }
      throw error;
    }
  }
  if (pages.every((page) => page.text === '')) {
    const which =
      opened.selected.length === opened.pageCount
        ? opened.pageCount === 1
          ? 'its page holds'
          : `its ${opened.pageCount} pages hold`
        : `page ${describePages(opened.selected)} ${opened.selected.length === 1 ? 'holds' : 'hold'}`;
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `This PDF has no text layer: ${which} only images or drawings (a scan?). Reading text from images needs OCR, which this tool does not do.`,
    );
  }
  return {
    text: pages.map((page) => page.text).join('\n\n'),
    pageCount: opened.pageCount,
    pages,
    info: opened.info,
  };
}
