import { segmentChunks } from './segment-chunks.js';

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

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/**
 * Characters that can join the one before them into a single grapheme cluster (combining marks,
 * joiners, characters beyond the BMP (emoji, flags), Hangul jamo, prepended and spacing marks). Text
 * without any of them has one grapheme per UTF-16 unit except CR LF, so it can be counted without
 * the segmenter, which is the slow part on megabytes of Latin or CJK text.
 */
const MAY_JOIN =
  /\p{M}|\u200c|\u200d|[\u{10000}-\u{10ffff}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u0e33\u0eb3\uff9e\uff9f]/u;
const WHITESPACE = /^\s+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

interface GraphemeCount {
  all: number;
  spaces: number;
}

function countGraphemes(text: string): GraphemeCount {
  if (!MAY_JOIN.test(text)) {
    const crlf = text.match(/\r\n/g)?.length ?? 0;
    const whitespace = text.match(/\s/gu)?.length ?? 0;
    // A CR LF pair is one grapheme, counted twice by both matches above.
    return { all: text.length - crlf, spaces: whitespace - crlf };
  }
  let all = 0;
  let spaces = 0;
  for (const { segment } of graphemeSegmenter.segment(text)) {
    all++;
    if (WHITESPACE.test(segment)) spaces++;
  }
  return { all, spaces };
}

function lineStats(text: string): { lines: number; paragraphs: number } {
  if (text === '') return { lines: 0, paragraphs: 0 };
  const lines = text.split(/\r\n|\r|\n/);
  let paragraphs = 0;
  let inParagraph = false;
  for (const line of lines) {
    const blank = !/\S/.test(line);
    if (!blank && !inParagraph) paragraphs++;
    inParagraph = !blank;
  }
  // A final line break ends the last line; it does not start another.
  const count = lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  return { lines: count, paragraphs };
}

/**
 * Statistics of a text, counted the Unicode way: words by word segmentation (so Chinese, Japanese
 * and Thai count right; emoji and punctuation are not words), characters as grapheme clusters,
 * sentences by sentence segmentation ("Mr." ends one, as in ICU), paragraphs as runs of non-blank
 * lines, reading time at 238 and speaking time at 150 words a minute (rounded to whole seconds).
 * Words are compared case-insensitively for the unique count and the top ten (most frequent first,
 * ties in order of first appearance). Empty or blank text gives zeros.
 *
 * @example countWords('Hello, hello world!').topWords // [{ word: 'hello', count: 2 }, { word: 'world', count: 1 }]
 */
export function countWords(text: string): WordCountResult {
  let words = 0;
  let wordCharacters = 0;
  let characters = 0;
  let spaces = 0;
  let sentences = 0;
  const frequency = new Map<string, number>();
  for (const chunk of segmentChunks(text)) {
    const graphemes = countGraphemes(chunk);
    characters += graphemes.all;
    spaces += graphemes.spaces;
    for (const { segment, isWordLike } of wordSegmenter.segment(chunk)) {
      if (!isWordLike) continue;
      words++;
      wordCharacters += countGraphemes(segment).all;
      const key = segment.toLowerCase();
      frequency.set(key, (frequency.get(key) ?? 0) + 1);
    }
    for (const { segment } of sentenceSegmenter.segment(chunk)) {
      if (HAS_LETTER_OR_DIGIT.test(segment)) sentences++;
    }
  }
  const topWords = [...frequency]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_WORDS)
    .map(([word, count]) => ({ word, count }));
  return {
    words,
    characters,
    charactersNoSpaces: characters - spaces,
    sentences,
    ...lineStats(text),
    uniqueWords: frequency.size,
    averageWordLength: words === 0 ? 0 : Math.round((wordCharacters / words) * 100) / 100,
    readingTimeSeconds: Math.round((words * 60) / READING_WORDS_PER_MINUTE),
    speakingTimeSeconds: Math.round((words * 60) / SPEAKING_WORDS_PER_MINUTE),
    topWords,
  };
}
