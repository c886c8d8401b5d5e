import { segmentChunks } from '../../text/segment-chunks.js';
import type { Style, TextBlock } from './blocks.js';
import { baseFace, type FaceChooser, type FaceKey, faceKey, loadFaces } from './fonts.js';

/** A stretch of one line drawn in one face, style and horizontal scale; x in points from the left edge of the text area. */
export interface Run {
  x: number;
  text: string;
  face: FaceKey;
  style: Style;
  /** Horizontal scaling (1 = none); only a word longer than the line is squeezed. */
  scale: number;
  width: number;
}

export interface Line {
  runs: Run[];
  /** The largest font size on the line (its height follows from it). */
  size: number;
}

interface Piece {
  text: string;
  face: FaceKey;
  style: Style;
}

type Token =
  | { kind: 'word'; pieces: Piece[] }
  | { kind: 'space'; count: number; face: FaceKey; style: Style };

/**
 * A word longer than a line is squeezed horizontally down to this scale, then also set smaller
 * down to `minSize` points; only a word that still does not fit is cut.
 */
const minScale = 0.5;
const minSize = 3;
const replacement = 0xfffd;
const joiners = /\p{M}|\u200C|\u200D|[\uFE00-\uFE0F]|[\u{1F3FB}-\u{1F3FF}]|[\u{E0020}-\u{E007F}]/u;

/**
 * Measures text from the fonts' own advance widths, cached per character and face. Kerning is left
 * out: it only ever narrows DejaVu's text, so a line measured this way never overflows. (Laying
 * out every word with fontkit's shaper took seconds for a megabyte of text.)
 */
export class Measurer {
  private readonly faces = loadFaces();
  private readonly cache = new Map<FaceKey, Map<number, number>>();

  width(face: FaceKey, size: number, text: string): number {
    let advances = this.cache.get(face);
    if (!advances) {
      advances = new Map();
      this.cache.set(face, advances);
    }
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.codePointAt(i) ?? 0;
      if (code > 0xffff) i++;
      let advance = advances.get(code);
      if (advance === undefined) {
        const loaded = this.faces.get(baseFace(face));
        if (!loaded) throw new Error(`unknown face ${face}`);
        advance = (loaded.font.glyphForCodePoint(code).advanceWidth / loaded.unitsPerEm) * 1000;
        advances.set(code, advance);
      }
      units += advance;
    }
    return (units * size) / 1000;
  }
}

/**
 * Cuts a block into words and spaces, choosing for every character a face that can draw it.
 * Characters no face has become U+FFFD and are recorded in `missing` (whole clusters: an emoji
 * with its joiners and modifiers counts once).
 */
function tokenize(block: TextBlock, chooser: FaceChooser, missing: Set<string>): Token[] {
  const tokens: Token[] = [];
  let word: Piece[] = [];
  let cluster = '';
  let absorbNext = false;
  const flushWord = () => {
    if (word.length > 0) tokens.push({ kind: 'word', pieces: word });
    word = [];
  };
  const flushCluster = () => {
    if (cluster) missing.add(cluster);
    cluster = '';
  };
  const append = (char: string, face: FaceKey, style: Style) => {
    const last = word[word.length - 1];
    if (last && last.face === face && last.style === style) last.text += char;
    else word.push({ text: char, face, style });
  };
  for (const span of block.spans) {
    const wanted = faceKey(span.style.face);
    const text = block.preformatted ? span.text : span.text.replace(/\s+/g, ' ');
    for (const char of text) {
      if (cluster && (absorbNext || joiners.test(char))) {
        cluster += char;
        absorbNext = char === '\u200D';
        continue;
      }
      flushCluster();
      if (char === ' ') {
        flushWord();
        const last = tokens[tokens.length - 1];
        if (last?.kind === 'space') {
          if (block.preformatted) last.count++;
        } else {
          tokens.push({ kind: 'space', count: 1, face: wanted, style: span.style });
        }
        continue;
      }
      const codePoint = char.codePointAt(0) ?? replacement;
      const previous = word[word.length - 1];
      if (previous && joiners.test(char)) {
        previous.text += char;
        continue;
      }
      const face = chooser.choose(wanted, codePoint);
      if (face) {
        append(char, face, span.style);
      } else {
        cluster = char;
        absorbNext = false;
        append('\uFFFD', chooser.choose(wanted, replacement) ?? wanted, span.style);
      }
    }
  }
  flushCluster();
  flushWord();
  if (!block.preformatted) {
    // Spaces at the ends of a reflowed paragraph are not content.
    while (tokens[0]?.kind === 'space') tokens.shift();
    while (tokens[tokens.length - 1]?.kind === 'space') tokens.pop();
  }
  return tokens;
}

/**
 * Wraps a block into lines of `width` points, breaking only at spaces, so that the text read back
 * from the PDF has exactly the input's words (a hyphen or a long word never gets a line break of
 * its own). A word longer than a line goes on a line of its own, squeezed horizontally to fit, and
 * set smaller when squeezing to half is not enough; only a word that would need less than 3 pt is
 * cut into line-long pieces (the only case where a line break falls inside a word: a 12 pt line
 * holds a word of about 500 characters). Leading spaces of a preformatted block indent it.
 */
export function wrapBlock(
  block: TextBlock,
  width: number,
  measurer: Measurer,
  chooser: FaceChooser,
  missing: Set<string>,
): Line[] {
  const tokens = tokenize(block, chooser, missing);
  const blockSize = block.spans[0]?.style.size ?? 12;
  const lines: Line[] = [];
  let runs: Run[] = [];
  let x = 0;
  let hang = 0;
  let pending: Extract<Token, { kind: 'space' }> | undefined;
  let first = true;

  const pushLine = () => {
    lines.push({ runs, size: runs.reduce((max, run) => Math.max(max, run.style.size), blockSize) });
    runs = [];
    x = hang;
    pending = undefined;
    first = false;
  };
  const place = (text: string, face: FaceKey, style: Style, scale: number) => {
    const w = measurer.width(face, style.size, text) * scale;
    const last = runs[runs.length - 1];
    if (last && last.face === face && last.style === style && last.scale === 1 && scale === 1) {
      last.text += text;
      last.width += w;
    } else {
      runs.push({ x, text, face, style, scale, width: w });
    }
    x += w;
  };
  const wordWidth = (pieces: Piece[]) =>
    pieces.reduce((sum, piece) => sum + measurer.width(piece.face, piece.style.size, piece.text), 0);

  for (const token of tokens) {
    if (token.kind === 'space') {
      if (runs.length === 0 && first && block.preformatted) {
        x += measurer.width(token.face, token.style.size, ' ') * token.count;
        hang = Math.min(x, width / 2);
      } else if (runs.length > 0) {
        pending = token;
      }
      continue;
    }
    const w = wordWidth(token.pieces);
    const spaceText = pending ? ' '.repeat(pending.count) : '';
    const spaceWidth = pending ? measurer.width(pending.face, pending.style.size, spaceText) : 0;
    if (runs.length > 0 && x + spaceWidth + w > width) pushLine();
    else if (pending) place(spaceText, pending.face, pending.style, 1);
    pending = undefined;
    const room = width - x;
    if (w <= room) {
      for (const piece of token.pieces) place(piece.text, piece.face, piece.style, 1);
    } else if (w * minScale <= room) {
      const scale = Math.floor((room / w) * 1000) / 1000;
      for (const piece of token.pieces) place(piece.text, piece.face, piece.style, scale);
    } else if (w * minScale * (minSize / blockSize) <= room) {
      const shrink = Math.floor((room / (w * minScale)) * 1000) / 1000;
      const smaller = new Map<Style, Style>();
      for (const piece of token.pieces) {
        let style = smaller.get(piece.style);
        if (!style) {
          style = { ...piece.style, size: piece.style.size * shrink };
          smaller.set(piece.style, style);
        }
        place(piece.text, piece.face, style, minScale);
      }
    } else {
      if (runs.length > 0) pushLine();
      for (const piece of token.pieces) {
        for (const segment of graphemesOf(piece.text)) {
          const gw = measurer.width(piece.face, piece.style.size, segment);
          if (runs.length > 0 && x + gw > width) pushLine();
          place(segment, piece.face, piece.style, 1);
        }
      }
    }
  }
  if (runs.length > 0 || lines.length === 0) pushLine();
  return lines;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The grapheme clusters of a word, segmented a few thousand characters at a time: Intl.Segmenter
 * on Node 20 takes time far beyond linear in the length it is given (a 130,000-character word took
 * 46 s, the cliff issue 28 found), while pieces cut at cluster boundaries give the same clusters.
 */
function* graphemesOf(text: string): Generator<string> {
  for (const chunk of segmentChunks(text)) {
    for (const { segment } of graphemes.segment(chunk)) yield segment;
  }
}

/**
 * The longest run of characters that join the one before them (combining marks, joiners,
 * variation selectors, skin tones, tag characters): a cluster that long is one glyph with all
 * those marks stacked on it, which the font shaper lays out in time that grows with its square.
 */
export function longestJoinedRun(text: string): number {
  let longest = 0;
  let run = 0;
  let joinNext = false;
  for (const char of text) {
    if (joinNext || joiners.test(char)) run++;
    else run = 0;
    joinNext = char === '\u200D';
    if (run > longest) longest = run;
  }
  return longest;
}
