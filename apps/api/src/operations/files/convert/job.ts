import type { DocxLimits } from './docx.js';
import type { SpreadsheetLimits } from './spreadsheet.js';

/*
 * What a document conversion needs, kept apart from the converters themselves: the main thread
 * builds jobs without loading mammoth or exceljs, which only the worker threads need.
 */

/** Limits for the conversions done in our own code. */
export interface DocumentLimits extends DocxLimits, SpreadsheetLimits {}

export const defaultDocumentLimits: DocumentLimits = {
  maxUnzippedBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  maxImageBytes: 5 * 1024 * 1024,
  maxTotalImageBytes: 20 * 1024 * 1024,
  maxCells: 1_000_000,
};

/** One conversion, as it crosses into a worker thread (structured-cloneable). */
export interface DocumentJob {
  data: Uint8Array;
  from: string;
  to: string;
  /** The document's title (for HTML pages): the upload's name without its extension. */
  title: string;
  /** xlsx → csv/json: which sheet (name or 1-based number); the first when absent. */
  sheet?: string | undefined;
  limits: DocumentLimits;
}
