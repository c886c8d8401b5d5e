import { runTask } from '../../runtime/worker-pool.js';
import type { TextToPdfLimits, TextToPdfOptions } from './text-to-pdf/index.js';
import type { RunLimits } from './to-text.js';

export type { TextToPdfLimits, TextToPdfOptions } from './text-to-pdf/index.js';
export { describeMissingGlyphs } from './text-to-pdf/missing-glyphs.js';

/** Default: 2 million characters (about 1,000 pages of 12 pt text) in one PDF. */
export const defaultTextToPdfLimits: TextToPdfLimits = { maxCharacters: 2_000_000 };

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
