import {
  F_CONTROL,
  F_EXTEND,
  F_LETTER_OR_DIGIT,
  F_PLAIN,
  F_SPACE,
  F_STOP,
  F_WORD,
  S_ATERM,
  S_CLOSE,
  S_CONTINUE,
  S_IGNORED,
  S_LINE,
  S_LOWER,
  S_NUMERIC,
  S_OLETTER,
  S_SPACE,
  S_STERM,
  S_UPPER,
  SENTENCE_MASK,
  CHAR_CLASSES as TABLE,
  W_EXTEND_NUM_LET,
  W_IGNORED,
  W_LETTER,
  W_MID_BOTH,
  W_MID_LETTER,
  W_MID_NUMBER,
  W_NUMBER,
  WORD_MASK,
} from './char-classes.js';
import { HASH_PRIME, HASH_SEED, hashUnits, type Tally } from './tally.js';

/**
 * Counting without Intl.Segmenter for text whose every unit char-classes.ts knows: the rules of
 * UAX #29 that can apply to such text, written out as loops over the units. Each function takes a
 * range [from, to) of whole lines (it starts at the text's start or after a line break, and ends at
 * the text's end or after one), so that no rule looks across its ends; the segmenters break at every
 * line break too, so counts of ranges add up to the counts of the text.
 */

const unitAt = (text: string, i: number, to: number) => (i < to ? (TABLE[text.charCodeAt(i)] ?? 0) : 0);

/** The index of the first unit from `i` on that is not ignored (Extend, Format: WB4 and SB5). */
function skipIgnored(text: string, i: number, to: number): number {
  while (i < to && ((TABLE[text.charCodeAt(i)] ?? 0) & WORD_MASK) === W_IGNORED) i++;
  return i;
}

/** Marks in [from, to) (ignored units) that join the grapheme before them. */
function joiningMarks(text: string, from: number, to: number): number {
  let marks = 0;
  let previous = TABLE[text.charCodeAt(from - 1)] ?? 0;
  for (let i = from; i < to; i++) {
    const unit = TABLE[text.charCodeAt(i)] ?? 0;
    if (unit & F_EXTEND && !(previous & F_CONTROL)) marks++;
    previous = unit;
  }
  return marks;
}

/**
 * Counts the graphemes, spaces, lines and paragraphs of the lines from `from` on, up to the end of
 * the text or to the line of the first unit the table does not know (that line is not counted), and
 * returns where it stopped: the end of the text or the start of that line.
 */
export function scanLayout(text: string, from: number, tally: Tally): number {
  let whitespace = 0;
  let breaks = 0;
  /** Units that join the one before them into a grapheme: marks, and LF after CR (GB3, GB9). */
  let joined = 0;
  /** Marks on a space: the space's grapheme is no whitespace any more. */
  let onSpace = 0;
  let lineStart = from;
  let lineWhitespace = 0;
  let counted = { whitespace, breaks, joined, onSpace };
  let i = from;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const unit = TABLE[code] ?? 0;
    if (unit & F_PLAIN) continue;
    if (unit & F_SPACE) whitespace++;
    else if (unit & F_EXTEND) {
      // GB4, GB9: a mark joins what comes before it unless that is a control or a line break.
      const previous = i > lineStart ? (TABLE[text.charCodeAt(i - 1)] ?? 0) : F_CONTROL;
      if (!(previous & F_CONTROL)) {
        joined++;
        if (previous & F_SPACE) onSpace++;
      }
    } else if (code === 10 || code === 13) {
      tally.endLine(whitespace - lineWhitespace === i - lineStart);
      breaks++;
      if (code === 13 && text.charCodeAt(i + 1) === 10) {
        i++;
        joined++;
      }
      lineStart = i + 1;
      lineWhitespace = whitespace;
      counted = { whitespace, breaks, joined, onSpace };
    } else break;
  }
  if (i >= text.length) {
    if (lineStart < text.length) tally.endLine(whitespace - lineWhitespace === text.length - lineStart);
    lineStart = text.length;
    counted = { whitespace, breaks, joined, onSpace };
  }
  tally.characters += lineStart - from - counted.joined;
  tally.spaces += counted.whitespace + counted.breaks - counted.onSpace;
  return lineStart;
}

/** Whether a word ending in a connector ("_") is one for ICU: with a letter or digit, or two connectors. */
function connectorWord(text: string, start: number, end: number): boolean {
  let connectors = 0;
  for (let i = start; i < end; i++) {
    const kind = (TABLE[text.charCodeAt(i)] ?? 0) & WORD_MASK;
    if (kind === W_LETTER || kind === W_NUMBER) return true;
    if (kind === W_EXTEND_NUM_LET) connectors++;
  }
  return connectors > 1;
}

/**
 * Calls `found(start, end, graphemes, hash)` for each word, in order: the segments Intl.Segmenter's
 * word granularity calls word-like, with the number of grapheme clusters of each and the hashUnits
 * of its units.
 */
export function scanWords(
  text: string,
  from: number,
  to: number,
  found: (start: number, end: number, graphemes: number, hash: number) => void,
): void {
  let i = from;
  while (i < to) {
    if (!((TABLE[text.charCodeAt(i)] ?? 0) & F_WORD)) {
      i++;
      continue;
    }
    const start = i;
    let hash = HASH_SEED;
    let last = 0;
    // Whether ignored units end the word: after "_" ICU then calls it no word ("a_\u0301").
    let trailing = false;
    let marks = 0;
    for (;;) {
      // WB5, WB8–10, WB13a–b: letters, digits and connectors ("_") hold together in any order.
      for (; i < to; i++) {
        const code = text.charCodeAt(i);
        const unit = TABLE[code] ?? 0;
        if (!(unit & F_WORD)) break;
        hash = Math.imul(hash ^ code, HASH_PRIME);
        last = unit & WORD_MASK;
      }
      trailing = false;
      let unit = unitAt(text, i, to);
      if ((unit & WORD_MASK) === W_IGNORED) {
        const after = skipIgnored(text, i, to);
        marks += joiningMarks(text, i, after);
        hash = hashUnits(hash, text, i, after);
        i = after;
        trailing = true;
        unit = unitAt(text, i, to);
        if (unit & F_WORD) continue;
      }
      // WB6–7 and WB11–12: "can't", "e.g", "3.14", "1,000" hold together across one middle unit
      // when the same kind (letter or digit) stands on both sides of it.
      const kind = unit & WORD_MASK;
      const middle =
        kind === W_MID_BOTH ||
        (kind === W_MID_LETTER && last === W_LETTER) ||
        (kind === W_MID_NUMBER && last === W_NUMBER);
      if (middle && last !== W_EXTEND_NUM_LET) {
        const next = skipIgnored(text, i + 1, to);
        if ((unitAt(text, next, to) & WORD_MASK) === last) {
          marks += joiningMarks(text, i + 1, next);
          hash = hashUnits(hash, text, i, next);
          i = next;
          continue;
        }
      }
      break;
    }
    if (last === W_EXTEND_NUM_LET && (trailing || !connectorWord(text, start, i))) continue;
    found(start, i, i - start - marks, hash);
  }
}

/** SB8: after a full stop, whether the first letter (before any terminator or line break) is lower case. */
function lowerFollows(text: string, i: number, to: number): boolean {
  for (; i < to; i++) {
    const kind = (TABLE[text.charCodeAt(i)] ?? 0) & SENTENCE_MASK;
    if (kind === S_LOWER) return true;
    if (kind === S_OLETTER || kind === S_UPPER || kind === S_LINE || kind === S_ATERM || kind === S_STERM)
      return false;
  }
  return false;
}

/** The first unit from `i` on that the sentence rules do not ignore (SB5: ZWSP is ignored there too). */
function skipSentenceIgnored(text: string, i: number, to: number): number {
  while (i < to && ((TABLE[text.charCodeAt(i)] ?? 0) & SENTENCE_MASK) === S_IGNORED) i++;
  return i;
}

/** SB7: whether the unit before a full stop at `i` (ignored units skipped) is a letter with case. */
function casedBefore(text: string, i: number, from: number): boolean {
  let j = i - 1;
  while (j >= from && ((TABLE[text.charCodeAt(j)] ?? 0) & SENTENCE_MASK) === S_IGNORED) j--;
  const kind = j >= from ? (TABLE[text.charCodeAt(j)] ?? 0) & SENTENCE_MASK : 0;
  return kind === S_UPPER || kind === S_LOWER;
}

const sentenceAt = (text: string, i: number, to: number) =>
  i < to ? (TABLE[text.charCodeAt(i)] ?? 0) & SENTENCE_MASK : S_LINE;

/** Sentences as Intl.Segmenter's sentence granularity cuts them, counting those with a letter or digit. */
export function countSentences(text: string, from: number, to: number): number {
  let count = 0;
  /** Every class bit of the sentence so far (whether it has a letter or digit is one of them). */
  let seen = 0;
  let i = from;
  while (i < to) {
    const unit = TABLE[text.charCodeAt(i)] ?? 0;
    seen |= unit;
    if (!(unit & F_STOP)) {
      i++;
      continue;
    }
    const kind = unit & SENTENCE_MASK;
    i++;
    // SB4: a line break ends the sentence.
    if (kind === S_LINE) {
      if (seen & F_LETTER_OR_DIGIT) count++;
      seen = 0;
      continue;
    }
    let j = skipSentenceIgnored(text, i, to);
    let next = sentenceAt(text, j, to);
    const full = kind === S_ATERM;
    // SB6 "3.5" and SB7 "U.S.A": a full stop right before a digit, or between letters before a capital.
    if (full && (next === S_NUMERIC || (next === S_UPPER && casedBefore(text, i - 1, from)))) {
      i = j;
      continue;
    }
    // SB9, SB10: closing quotes and brackets, then spaces, stay with the sentence they close.
    while (next === S_CLOSE) {
      j = skipSentenceIgnored(text, j + 1, to);
      next = sentenceAt(text, j, to);
    }
    while (next === S_SPACE) {
      j = skipSentenceIgnored(text, j + 1, to);
      next = sentenceAt(text, j, to);
    }
    i = j;
    // SB8a: a comma, colon or another terminator goes on; SB8: so does "etc. and" (lower case next).
    if (next === S_LINE || next === S_CONTINUE || next === S_ATERM || next === S_STERM) continue;
    if (full && lowerFollows(text, j, to)) continue;
    // SB11.
    if (seen & F_LETTER_OR_DIGIT) count++;
    seen = 0;
  }
  return seen & F_LETTER_OR_DIGIT ? count + 1 : count;
}
