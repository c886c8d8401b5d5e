import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { loadFaces } from './fonts.js';
import { useSimpleLayout } from './simple-layout.js';

interface Laid {
  glyphs: { id: number }[];
  positions: { xAdvance: number; xOffset: number }[];
  advanceWidth: number;
}

/** A pdfkit document's embedded DejaVu Sans, as render.ts registers it. */
function embeddedSans(): { layoutRun(text: string): Laid; scale: number } {
  const face = loadFaces().get('sans');
  if (!face) throw new Error('DejaVu Sans is missing');
  const doc = new PDFDocument({ autoFirstPage: false });
  doc.registerFont('sans', face.data);
  return (doc.font('sans') as unknown as { _font: { layoutRun(text: string): Laid; scale: number } })._font;
}

const sans = () => {
  const face = loadFaces().get('sans');
  if (!face) throw new Error('DejaVu Sans is missing');
  return face.font;
};

describe('useSimpleLayout', () => {
  it('sets Latin, Greek and Cyrillic glyph by glyph at the advance widths the lines were measured with', () => {
    const embedded = embeddedSans();
    const shaped = embedded.layoutRun('flames AV');
    // fontkit's shaper makes "fl" one ligature glyph and kerns "AV".
    expect(shaped.glyphs).toHaveLength(8);
    expect(useSimpleLayout(embedded)).toBe(true);
    for (const text of ['flames AV', 'Ελληνικά ', 'Кириллица ', '€ 10–20 “quoted” ']) {
      const run = embedded.layoutRun(text);
      const font = sans();
      expect(run.glyphs.map((g) => g.id)).toEqual(
        [...text].map((c) => font.glyphForCodePoint(c.charCodeAt(0)).id),
      );
      const advances = [...text].map(
        (c) => font.glyphForCodePoint(c.charCodeAt(0)).advanceWidth * embedded.scale,
      );
      expect(run.positions.map((p) => p.xAdvance)).toEqual(advances);
      expect(run.advanceWidth).toBeCloseTo(
        advances.reduce((a, b) => a + b, 0),
        6,
      );
    }
  });

  it('leaves combining marks and other scripts to the shaper', () => {
    const embedded = embeddedSans();
    const before = ['e\u0301te\u0301 ', 'ნიკო ', '\u{1F600} '].map((t) => embedded.layoutRun(t));
    useSimpleLayout(embedded);
    const after = ['e\u0301te\u0301 ', 'ნიკო ', '\u{1F600} '].map((t) => embedded.layoutRun(t));
    expect(after).toEqual(before);
    // The accent is positioned over its letter by the shaper (mark positioning), not set after it.
    expect(after[0]?.positions[1]?.xAdvance).toBe(0);
  });

  it('changes nothing on an object that is not pdfkit’s embedded font', () => {
    const other = { layoutRun: () => undefined };
    expect(useSimpleLayout(other)).toBe(false);
    expect(useSimpleLayout(undefined)).toBe(false);
  });
});
