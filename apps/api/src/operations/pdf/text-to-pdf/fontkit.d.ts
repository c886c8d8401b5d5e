// The part of fontkit (pdfkit's own font engine; the package ships no types) that the typesetter uses.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    characterSet: number[];
    ascent: number;
    descent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    layout(text: string): GlyphRun;
  }
  export function create(data: Buffer): Font;
}
