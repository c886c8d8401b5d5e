import type { FontFace } from './fonts.js';

/** How a stretch of text looks. Sizes in points. */
export interface Style {
  face: FontFace;
  size: number;
  link?: string;
  underline?: boolean;
  strike?: boolean;
  /** Hex colour; black when absent. */
  color?: string;
}

export interface Span {
  text: string;
  style: Style;
}

/**
 * A paragraph-like unit the typesetter wraps at spaces. `preformatted` keeps every space (leading
 * spaces indent the line, runs of spaces keep their width); otherwise newlines and runs of
 * whitespace are one space. `marker` (a bullet, "3.") is drawn in the indent before the first line.
 */
export interface TextBlock {
  kind: 'text';
  spans: Span[];
  /** Left indent of every line, in points. */
  indent: number;
  marker?: Span;
  spaceBefore: number;
  spaceAfter: number;
  preformatted: boolean;
  /** Grey background behind the lines (code blocks). */
  shaded?: boolean;
  /** Vertical bars in the indent, one per quote level. */
  quoteDepth?: number;
}

export type Block =
  | TextBlock
  | { kind: 'rule'; spaceBefore: number; spaceAfter: number }
  | { kind: 'page-break' };

/**
 * Plain text as blocks: one preformatted block per line (an empty line keeps its height), and a
 * form feed starts a new page.
 */
export function plainTextBlocks(text: string, style: Style): Block[] {
  const blocks: Block[] = [];
  text.split('\f').forEach((page, index) => {
    if (index > 0) blocks.push({ kind: 'page-break' });
    for (const line of page.split('\n')) {
      blocks.push({
        kind: 'text',
        spans: [{ text: line, style }],
        indent: 0,
        spaceBefore: 0,
        spaceAfter: 0,
        preformatted: true,
      });
    }
  });
  return blocks;
}
