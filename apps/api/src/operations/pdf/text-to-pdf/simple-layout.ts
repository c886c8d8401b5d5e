import type * as fontkit from 'fontkit';

/**
 * What pdfkit's EmbeddedFont (pdfkit 0.20) keeps and calls that this module relies on: the fontkit
 * font, its scale to 1000 units per em, and `layoutRun`, which pdfkit calls once per distinct word
 * to turn it into glyphs and positions.
 */
interface EmbeddedFontParts {
  font: fontkit.Font;
  scale: number;
  layoutRun(text: string, features?: unknown): LaidOutRun;
}

/** pdfkit adds each glyph's advance width to fontkit's position. */
type GlyphPosition = fontkit.GlyphPosition & { advanceWidth: number };

interface LaidOutRun {
  glyphs: fontkit.Glyph[];
  positions: GlyphPosition[];
  advanceWidth: number;
}

/**
 * Text whose characters each map to one glyph with nothing for a shaper to do in DejaVu beyond
 * kerning and the fi/fl ligatures: Latin, Greek and Cyrillic letters, digits, punctuation and
 * symbols, without combining marks, joiners, soft hyphens or characters outside the BMP.
 */
const simpleText =
  /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u024f\u0370-\u0377\u037a-\u037f\u0384-\u03ff\u0400-\u0482\u048a-\u04ff\u2010-\u2027\u2030-\u205e\u20a0-\u20bf]*$/;

function isEmbeddedFont(value: unknown): value is EmbeddedFontParts {
  const parts = value as Partial<EmbeddedFontParts> | undefined;
  return (
    typeof parts?.layoutRun === 'function' &&
    typeof parts.scale === 'number' &&
    typeof parts.font?.glyphForCodePoint === 'function'
  );
}

/**
 * Sets simple text glyph by glyph from the font's character map and advance widths, the way the
 * line breaker measured it, instead of through fontkit's shaper. The shaper builds a shaping plan
 * for every distinct word: two thirds of the time of a megabyte of text went there. What it would
 * have added to such text is kerning and the fi/fl ligatures; without them the page shows exactly
 * the widths the lines were broken at, and every letter is its own glyph when text is copied or
 * searched. Any other text (combining marks, other scripts, emoji, OpenType features asked for)
 * still goes through the shaper.
 *
 * Returns false, changing nothing, when the object is not the pdfkit font this was written for.
 *
 * @example doc.font('sans'); useSimpleLayout(doc._font)
 */
export function useSimpleLayout(embedded: unknown): boolean {
  if (!isEmbeddedFont(embedded)) return false;
  const shaped = embedded.layoutRun.bind(embedded);
  const { font, scale } = embedded;
  embedded.layoutRun = (text, features) => {
    if (features || !simpleText.test(text)) return shaped(text, features);
    const glyphs: fontkit.Glyph[] = [];
    const positions: GlyphPosition[] = [];
    let advanceWidth = 0;
    for (let i = 0; i < text.length; i++) {
      const glyph = font.glyphForCodePoint(text.charCodeAt(i));
      const advance = glyph.advanceWidth * scale;
      glyphs.push(glyph);
      positions.push({ xAdvance: advance, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: advance });
      advanceWidth += advance;
    }
    return { glyphs, positions, advanceWidth };
  };
  return true;
}
