import type { TextToPdfLimits, TextToPdfOptions } from '../../operations/pdf/from-text.js';
import type { PdfReader, RunLimits } from '../../operations/pdf/to-text.js';
import { runTask } from '../../runtime/worker-pool.js';

/** The PDF reading tasks of the worker pool, as pdfToText is handed them. */
export const pdfReader: PdfReader = {
  openAndExtract: (job, run) => runTask('pdf.open-and-extract', job, run),
  extractPages: (job, run) => runTask('pdf.extract-pages', job, run),
};

/**
 * Text or Markdown to PDF in the worker pool (typesetting a megabyte takes a second or two of
 * CPU). Also the txt|md→pdf step of file conversion: pass `markdown: true` for .md files.
 *
 * @example const { pdf, pages, missingGlyphs } = await renderTextPdf({ text, font: 'sans', font_size: 12, page_size: 'A4', margin: 20, markdown: false }, defaultTextToPdfLimits, { timeoutMs: 30_000, signal })
 */
export function renderTextPdf(options: TextToPdfOptions, limits: TextToPdfLimits, run: RunLimits) {
  return runTask(
    'pdf.from-text',
    { options, limits },
    { timeoutMs: run.timeoutMs, ...(run.signal ? { signal: run.signal } : {}) },
  );
}
