import { type Chunk, cutChunks } from './segment-chunks.js';
import type { Tally } from './tally.js';

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/**
 * Characters that can join the one before them into a single grapheme cluster (combining marks,
 * joiners, characters beyond the BMP (emoji, flags), Hangul jamo, prepended and spacing marks). Text
 * without any of them has one grapheme per UTF-16 unit except CR LF, so it can be counted without
 * the segmenter, which is the slow part on megabytes of CJK text.
 */
const MAY_JOIN =
  /\p{M}|\u200c|\u200d|[\u{10000}-\u{10ffff}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u0e33\u0eb3\uff9e\uff9f]/u;
const WHITESPACE = /^\s+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Grapheme clusters of `text`, and how many of them are whitespace. */
export function countGraphemes(text: string): { all: number; spaces: number } {
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
class ChunkCounter {
  /** Where the word the last chunk ended in starts, when its cut was inside a word: the next chunk goes on with it. */
  #open: number | undefined;
  /** Whether the last chunk's final sentence had a letter or digit (and was counted). */
  #sentenceOpen = false;

  constructor(readonly tally: Tally) {}

  add(chunk: Chunk, offset: number, previous: Chunk['end'] | undefined, joinsGrapheme: boolean): void {
    const graphemes = countGraphemes(chunk.text);
    this.tally.characters += graphemes.all - (joinsGrapheme ? 1 : 0);
    this.tally.spaces += graphemes.spaces;
    this.#words(chunk, offset);
    this.#sentences(chunk, previous !== undefined && previous !== 'sentence');
  }

  #record(start: number, end: number): void {
    this.tally.word(start, end, countGraphemes(this.tally.text.slice(start, end)).all);
  }

  /** The chunk's words; `offset` is where the chunk starts in the tally's text. */
  #words(chunk: Chunk, offset: number): void {
    let first = true;
    for (const { segment, index, isWordLike } of wordSegmenter.segment(chunk.text)) {
      let start = offset + index;
      if (first && this.#open !== undefined) {
        if (isWordLike && index === 0) start = this.#open;
        else this.#record(this.#open, offset);
        this.#open = undefined;
      }
      first = false;
      if (!isWordLike) continue;
      const end = offset + index + segment.length;
      if (chunk.end === 'inside' && end === offset + chunk.text.length) this.#open = start;
      else this.#record(start, end);
    }
  }

  #sentences(chunk: Chunk, continues: boolean): void {
    let first = true;
    let counted = false;
    for (const { segment } of sentenceSegmenter.segment(chunk.text)) {
      counted = HAS_LETTER_OR_DIGIT.test(segment);
      // The first sentence goes on with the last one of the chunk before, when the cut was inside it.
      if (counted && !(first && continues && this.#sentenceOpen)) this.tally.sentences++;
      if (first && continues && this.#sentenceOpen) counted = true;
      first = false;
    }
    this.#sentenceOpen = counted;
  }

  finish(end: number): void {
    if (this.#open !== undefined) this.#record(this.#open, end);
    this.#open = undefined;
  }
}

/**
 * Counts [from, to) of the tally's text with Intl.Segmenter, piece by piece (its cost grows faster
 * than the length of what it is given). The range must start and end at boundaries of every
 * segmentation (a line break, or the ends of the text), so that its counts add to those around it.
 */
export function countSegmented(from: number, to: number, tally: Tally): void {
  const text = tally.text.slice(from, to);
  const counter = new ChunkCounter(tally);
  let offset = 0;
  let previous: Chunk['end'] | undefined;
  for (const chunk of cutChunks(text)) {
    const joinsGrapheme = previous === 'inside' && !graphemeBreaksAt(text, offset);
    counter.add(chunk, from + offset, previous, joinsGrapheme);
    offset += chunk.text.length;
    previous = chunk.end;
  }
  counter.finish(to);
}
