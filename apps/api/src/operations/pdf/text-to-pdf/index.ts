import { defaultLimits } from '@toolkit/catalog';
import { OperationError } from '../../errors.js';
import { plainTextBlocks, type Style } from './blocks.js';
import type { FontFamily } from './fonts.js';
import { markdownBlocks } from './markdown.js';
import { type PageSize, pageSizes, type Rendered, renderBlocks } from './render.js';
import { sanitizeText } from './sanitize.js';
import { longestJoinedRun } from './wrap.js';

export { type FontFamily, fontFamilies } from './fonts.js';
export { type PageSize, pageSizes, type Rendered } from './render.js';

export interface TextToPdfOptions {
  text: string;
  title?: string | undefined;
  font: FontFamily;
  /** Points. */
  font_size: number;
  page_size: PageSize;
  /** Millimetres on every side. */
  margin: number;
  markdown: boolean;
}

export interface TextToPdfLimits {
  /** Most characters typeset into one PDF. */
  maxCharacters: number;
  /** Most combining marks and joiners on one character (see longestJoinedRun); the catalog's default. */
  maxJoinedMarks?: number;
}

const pointsPerMm = 72 / 25.4;
/** Font sizes allowed, in points (the catalog states the same range). */
export const fontSizeRange = { min: 6, max: 72 } as const;
/** The text area must stay at least this wide (mm) whatever the margin. */
const minTextWidthMm = 40;

/**
 * Typesets plain text or Markdown into a PDF with embedded DejaVu fonts (see renderBlocks and
 * wrapBlock for the layout rules). Text with nothing to print is a 400 on `text`; a margin that
 * leaves too narrow a text area a 400 on `margin`; text over the limit a 413.
 *
 * @example await textToPdf({ text: 'Hello', font: 'sans', font_size: 12, page_size: 'A4', margin: 20, markdown: false }, { maxCharacters: 2_000_000 })
 */
export async function textToPdf(options: TextToPdfOptions, limits: TextToPdfLimits): Promise<Rendered> {
  if (options.text.length > limits.maxCharacters) {
    throw new OperationError(
      'PAYLOAD_TOO_LARGE',
      `The text has ${options.text.length.toLocaleString('en')} characters; at most ${limits.maxCharacters.toLocaleString('en')} fit in one PDF. Split it into parts.`,
    );
  }
  const { min, max } = fontSizeRange;
  if (!(options.font_size >= min && options.font_size <= max)) {
    throw new OperationError('VALIDATION_ERROR', `font_size must be from ${min} to ${max} points.`, {
      field: 'font_size',
    });
  }
  if (!(options.margin >= 0)) {
    throw new OperationError('VALIDATION_ERROR', 'margin must be 0 mm or more.', { field: 'margin' });
  }
  const text = sanitizeText(options.text);
  const joined = longestJoinedRun(text);
  const maxJoined = limits.maxJoinedMarks ?? defaultLimits.textToPdfMaxJoinedMarks;
  if (joined > maxJoined) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `The text has a character carrying ${joined.toLocaleString('en')} combining marks or joiners; at most ${maxJoined} can be drawn on one character.`,
    );
  }
  if (text.replace(/[\s\f]/g, '') === '') {
    throw new OperationError(
      'VALIDATION_ERROR',
      'The text is empty or only whitespace: there is nothing to put in the PDF.',
      {
        field: 'text',
      },
    );
  }
  const [width] = pageSizes[options.page_size];
  const margin = options.margin * pointsPerMm;
  if (width - 2 * margin < minTextWidthMm * pointsPerMm) {
    const most = Math.floor((width / pointsPerMm - minTextWidthMm) / 2);
    throw new OperationError(
      'VALIDATION_ERROR',
      `A margin of ${options.margin} mm leaves no room for text on ${options.page_size} paper; use at most ${most} mm.`,
      { field: 'margin' },
    );
  }
  const base: Style = { face: { family: options.font, bold: false, italic: false }, size: options.font_size };
  const blocks = options.markdown ? markdownBlocks(text, base) : plainTextBlocks(text, base);
  const title = options.title?.trim();
  return renderBlocks(blocks, { size: options.page_size, margin, ...(title ? { title } : {}) });
}
