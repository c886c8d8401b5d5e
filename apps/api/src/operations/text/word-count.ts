import { type Chunk, cutChunks } from './segment-chunks.js';

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

/** Whether the grapheme segmentation of the whole text breaks at `at` (looked at in a small window). */
function graphemeBreaksAt(text: string, at: number): boolean {
  const from = Math.max(0, at - 32);
  for (const { index } of graphemeSegmenter.segment(text.slice(from, at + 32))) {
    if (from + index === at) return true;
    if (from + index > at) return false;
  }
  return false;
}

/**
 * Counts chunk by chunk (segment-chunks.ts), joining what a cut inside a long word split: the
 * grapheme the cut went through is one character, the word one word, the sentence one sentence.
 */
class Counter {
  words = 0;
  wordCharacters = 0;
  characters = 0;
  spaces = 0;
  sentences = 0;
  readonly frequency = new Map<string, number>();
  /** The word the last chunk ended in, when its cut was inside a word: the next chunk goes on with it. */
  #open: string | undefined;
  /** Whether the last chunk's final sentence had a letter or digit (and was counted). */
  #sentenceOpen = false;

  add(chunk: Chunk, previous: ChunkEndInfo | undefined, joinsGrapheme: boolean): void {
    const graphemes = countGraphemes(chunk.text);
    this.characters += graphemes.all - (joinsGrapheme ? 1 : 0);
    this.spaces += graphemes.spaces;
    this.#words(chunk);
    this.#sentences(chunk, previous !== undefined && previous !== 'sentence');
  }

  #record(word: string): void {
    this.words++;
    this.wordCharacters += countGraphemes(word).all;
    const key = word.toLowerCase();
    this.frequency.set(key, (this.frequency.get(key) ?? 0) + 1);
  }

  #words(chunk: Chunk): void {
    let first = true;
    for (const { segment, index, isWordLike } of wordSegmenter.segment(chunk.text)) {
      let word = segment;
      if (first && this.#open !== undefined) {
        if (isWordLike && index === 0) word = this.#open + segment;
        else this.#record(this.#open);
        this.#open = undefined;
      }
      first = false;
      if (!isWordLike) continue;
      if (chunk.end === 'inside' && index + segment.length === chunk.text.length) this.#open = word;
      else this.#record(word);
    }
  }

  #sentences(chunk: Chunk, continues: boolean): void {
    let first = true;
    let counted = false;
    for (const { segment } of sentenceSegmenter.segment(chunk.text)) {
      counted = HAS_LETTER_OR_DIGIT.test(segment);
      // The first sentence goes on with the last one of the chunk before, when the cut was inside it.
      if (counted && !(first && continues && this.#sentenceOpen)) this.sentences++;
      if (first && continues && this.#sentenceOpen) counted = true;
      first = false;
    }
    this.#sentenceOpen = counted;
  }

  finish(): void {
    if (this.#open !== undefined) this.#record(this.#open);
    this.#open = undefined;
  }
}

type ChunkEndInfo = Chunk['end'];

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
  const counter = new Counter();
  let offset = 0;
  let previous: ChunkEndInfo | undefined;
  for (const chunk of cutChunks(text)) {
    const joinsGrapheme = previous === 'inside' && !graphemeBreaksAt(text, offset);
    counter.add(chunk, previous, joinsGrapheme);
    offset += chunk.text.length;
    previous = chunk.end;
  }
  counter.finish();
  const { words, wordCharacters, characters, spaces, sentences, frequency } = counter;
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
