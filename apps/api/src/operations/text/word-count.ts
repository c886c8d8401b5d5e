import { CHAR_CLASSES } from './char-classes.js';
import { countSentences, scanLayout, scanWords } from './fast-scan.js';
import { countSegmented } from './segmented-count.js';
import { Tally } from './tally.js';

export interface WordCountResult {
  words: number;
  /** Grapheme clusters: a family emoji or an accented letter written with a combining mark is one. */
  characters: number;
  charactersNoSpaces: number;
  sentences: number;
  paragraphs: number;
  lines: number;
  uniqueWords: number;
  /** Mean length of a word in characters (grapheme clusters), two decimals. */
  averageWordLength: number;
  readingTimeSeconds: number;
  speakingTimeSeconds: number;
  topWords: { word: string; count: number }[];
}

export const READING_WORDS_PER_MINUTE = 238;
export const SPEAKING_WORDS_PER_MINUTE = 150;
const TOP_WORDS = 10;

/** JavaScript's `\s` (the line's blank test), without a regular expression per unit. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Lines and paragraphs of [from, to), whole lines (CR LF, CR or LF end one; the text's end too). */
function scanLines(text: string, from: number, to: number, tally: Tally): void {
  let blank = true;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
      tally.endLine(blank);
      blank = true;
    } else if (blank && !isSpace(code)) blank = false;
  }
  const last = text.charCodeAt(to - 1);
  if (to > from && last !== 10 && last !== 13) tally.endLine(blank);
}

/** The end of the line `at` is in, after its line break. */
function lineEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) return i + 1;
    if (code === 13) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return text.length;
}

/**
 * Lines the scanner cannot read, apart by fewer units than this, are segmented together with the
 * lines between them: a call to a segmenter costs about as much as segmenting a hundred characters.
 */
const GAP = 256;

/** The first unit in [from, to) that the scanner does not know, or -1. */
function firstUnknown(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (CHAR_CLASSES[text.charCodeAt(i)] === 0) return i;
  return -1;
}

/**
 * Every line goes to the scanner of fast-scan.ts when it knows all its characters, else (CJK, Thai,
 * emoji sequences, rarer scripts) to Intl.Segmenter: every segmentation breaks at a line break, so
 * the two add up to what the segmenters would count on the whole text.
 */
function countAll(text: string): Tally {
  const tally = new Tally(text);
  let done = 0;
  while (done < text.length) {
    const stop = scanLayout(text, done, tally);
    scanWords(text, done, stop, (start, end, graphemes, hash) => tally.word(start, end, graphemes, hash));
    tally.sentences += countSentences(text, done, stop);
    if (stop === text.length) break;
    let end = lineEnd(text, stop);
    for (let unknown = firstUnknown(text, end, Math.min(text.length, end + GAP)); unknown !== -1; ) {
      end = lineEnd(text, unknown);
      unknown = firstUnknown(text, end, Math.min(text.length, end + GAP));
    }
    countSegmented(stop, end, tally);
    scanLines(text, stop, end, tally);
    done = end;
  }
  return tally;
}

/**
 * Statistics of a text, counted the Unicode way: words by word segmentation (so Chinese, Japanese
 * and Thai count right; emoji and punctuation are not words), characters as grapheme clusters (an
 * "e" with a million combining accents is one), sentences by sentence segmentation ("Mr." ends one,
 * as in ICU), paragraphs as runs of non-blank lines, reading time at 238 and speaking time at 150
 * words a minute (rounded to whole seconds). Words are compared case-insensitively for the unique
 * count and the top ten (most frequent first, ties in order of first appearance). Empty or blank
 * text gives zeros.
 *
 * @example countWords('Hello, hello world!').topWords // [{ word: 'hello', count: 2 }, { word: 'world', count: 1 }]
 */
export function countWords(text: string): WordCountResult {
  const tally = countAll(text);
  const { words, wordCharacters, characters, spaces, sentences } = tally;
  const frequency = tally.frequency();
  const topWords = [...frequency]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_WORDS)
    .map(([word, count]) => ({ word, count }));
  return {
    words,
    characters,
    charactersNoSpaces: characters - spaces,
    sentences,
    lines: tally.lines,
    paragraphs: tally.paragraphs,
    uniqueWords: frequency.size,
    averageWordLength: words === 0 ? 0 : Math.round((wordCharacters / words) * 100) / 100,
    readingTimeSeconds: Math.round((words * 60) / READING_WORDS_PER_MINUTE),
    speakingTimeSeconds: Math.round((words * 60) / SPEAKING_WORDS_PER_MINUTE),
    topWords,
  };
}
