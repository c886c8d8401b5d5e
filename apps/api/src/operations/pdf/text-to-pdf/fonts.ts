import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pdfFonts } from '@toolkit/catalog';
import * as fontkit from 'fontkit';

export const fontFamilies = pdfFonts;
export type FontFamily = (typeof fontFamilies)[number];

export interface FontFace {
  family: FontFamily;
  bold: boolean;
  italic: boolean;
}

/**
 * A face's key, also its name when registered with pdfkit: "sans", "serif-bold-italic"… A suffix
 * "#n" names another copy of the same face (see glyphAliases).
 */
export type FaceKey = string;

/** The face a key draws with, without its copy suffix. */
export const baseFace = (key: FaceKey): FaceKey => key.split('#', 1)[0] ?? key;

export function faceKey(face: FontFace): FaceKey {
  return `${face.family}${face.bold ? '-bold' : ''}${face.italic ? '-italic' : ''}`;
}

const files: Record<FontFamily, [regular: string, bold: string, italic: string, boldItalic: string]> = {
  sans: ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSans-BoldOblique'],
  serif: ['DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic', 'DejaVuSerif-BoldItalic'],
  mono: ['DejaVuSansMono', 'DejaVuSansMono-Bold', 'DejaVuSansMono-Oblique', 'DejaVuSansMono-BoldOblique'],
};

export interface LoadedFace {
  key: FaceKey;
  face: FontFace;
  data: Buffer;
  font: fontkit.Font;
  /** Font units per em, to turn advances into points. */
  unitsPerEm: number;
  /** Ascent as a fraction of the font size. */
  ascent: number;
  aliases?: Map<number, number>;
}

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let loaded: Map<FaceKey, LoadedFace> | undefined;

/** Every DejaVu face (3 families × regular, bold, italic, bold italic), read once per process. */
export function loadFaces(): Map<FaceKey, LoadedFace> {
  if (loaded) return loaded;
  loaded = new Map();
  for (const family of fontFamilies) {
    files[family].forEach((file, index) => {
      const face: FontFace = { family, bold: index === 1 || index === 3, italic: index >= 2 };
      const data = readFileSync(join(fontDir, `${file}.ttf`));
      const font = fontkit.create(data);
      const key = faceKey(face);
      loaded?.set(key, {
        key,
        face,
        data,
        font,
        unitsPerEm: font.unitsPerEm,
        ascent: font.ascent / font.unitsPerEm,
      });
    });
  }
  return loaded;
}

/**
 * Picks the face that draws each character: the wanted face when it has the glyph, else the
 * same style in the other families, else any face that has it (DejaVu Sans covers the most);
 * null when no face can draw it. Answers are cached per wanted face.
 */
export class FaceChooser {
  private readonly faces = loadFaces();
  private readonly cache = new Map<FaceKey, Map<number, FaceKey | null>>();

  choose(wanted: FaceKey, codePoint: number): FaceKey | null {
    let answers = this.cache.get(wanted);
    if (!answers) {
      answers = new Map();
      this.cache.set(wanted, answers);
    }
    const known = answers.get(codePoint);
    if (known !== undefined) return known;
    const answer = this.search(wanted, codePoint);
    answers.set(codePoint, answer);
    return answer;
  }

  private search(wanted: FaceKey, codePoint: number): FaceKey | null {
    const first = this.faces.get(wanted);
    const face = first?.font.hasGlyphForCodePoint(codePoint)
      ? first
      : [...this.faces.values()]
          .sort((a, b) => rank(a, first) - rank(b, first))
          .find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint));
    if (!face) return null;
    const copy = glyphAliases(face).get(codePoint);
    return copy ? `${face.key}#${copy}` : face.key;
  }
}

/**
 * Code points that share their glyph with a lower code point (µ and μ, Ω and Ω, K and K), with
 * the copy of the face that draws them. A PDF font maps each glyph back to one text character,
 * so the second user of a glyph is drawn from another embedded copy of the face: otherwise "µ"
 * would come back out of the PDF as "μ".
 */
function glyphAliases(face: LoadedFace): Map<number, number> {
  if (face.aliases) return face.aliases;
  const users = new Map<number, number>();
  const aliases = new Map<number, number>();
  for (const codePoint of [...face.font.characterSet].sort((a, b) => a - b)) {
    const id = face.font.glyphForCodePoint(codePoint).id;
    const before = users.get(id) ?? 0;
    if (before > 0) aliases.set(codePoint, before);
    users.set(id, before + 1);
  }
  face.aliases = aliases;
  return aliases;
}

// Same style first, then regular faces, Sans before Serif before Mono.
function rank(face: LoadedFace, wanted: LoadedFace | undefined): number {
  const sameStyle = wanted && face.face.bold === wanted.face.bold && face.face.italic === wanted.face.italic;
  const regular = !face.face.bold && !face.face.italic;
  return (sameStyle ? 0 : regular ? 10 : 20) + fontFamilies.indexOf(face.face.family);
}
