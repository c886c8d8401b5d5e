import type { TextToPdfLimits } from './text-to-pdf/index.js';

export type { TextToPdfLimits, TextToPdfOptions } from './text-to-pdf/index.js';
export { describeMissingGlyphs } from './text-to-pdf/missing-glyphs.js';

/** Default: 2 million characters (about 1,000 pages of 12 pt text) in one PDF. */
export const defaultTextToPdfLimits: TextToPdfLimits = { maxCharacters: 2_000_000 };
