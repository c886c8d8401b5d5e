/**
 * The oracle of the word-count tests: every figure of countWords computed the plain way, with
 * Intl.Segmenter and nothing else (no chunks, no scanner), either on the whole text in one call per
 * granularity or line by line. Kept out of the product; only tests import it.
 */
import type { WordCountResult } from './word-count.js';

const segmenters = {
  grapheme: new Intl.Segmenter(undefined, { granularity: 'grapheme' }),
  word: new Intl.Segmenter(undefined, { granularity: 'word' }),
  sentence: new Intl.Segmenter(undefined, { granularity: 'sentence' }),
};

/** What the segmenters see in a piece of text. */
export interface Segmented {
  /** Word-like segments, in order. */
  words: string[];
  /** Grapheme clusters of each of them. */
  wordGraphemes: number[];
  characters: number;
  /** Grapheme clusters that are whitespace only. */
  spaces: number;
  /** Sentences with a letter or digit. */
  sentences: number;
}

export function segment(text: string): Segmented {
  const out: Segmented = { words: [], wordGraphemes: [], characters: 0, spaces: 0, sentences: 0 };
  const graphemeStarts: number[] = [];
  for (const { segment, index } of segmenters.grapheme.segment(text)) {
    graphemeStarts.push(index);
    out.characters++;
    if (/^\s+$/u.test(segment)) out.spaces++;
  }
  // A word's graphemes: the grapheme starts within it, when it starts and ends at grapheme
  // boundaries (else those of the word on its own), rather than a segmenter call for each word.
  let g = 0;
  for (const { segment, index, isWordLike } of segmenters.word.segment(text)) {
    if (!isWordLike) continue;
    while ((graphemeStarts[g] ?? Infinity) < index) g++;
    const end = index + segment.length;
    let count = 0;
    while ((graphemeStarts[g + count] ?? Infinity) < end) count++;
    const aligned = graphemeStarts[g] === index && (end === text.length || graphemeStarts[g + count] === end);
    out.words.push(segment);
    out.wordGraphemes.push(aligned ? count : [...segmenters.grapheme.segment(segment)].length);
  }
  for (const { segment } of segmenters.sentence.segment(text)) {
    if (/[\p{L}\p{N}]/u.test(segment)) out.sentences++;
  }
  return out;
}

/** The text's lines, each with its line break (CR LF, CR or LF). */
export function linesOf(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
}

/** countWords' result, from segment() of the whole text or of each line. */
export function referenceCount(text: string, pieces: 'whole' | 'lines'): WordCountResult {
  const all: Segmented = { words: [], wordGraphemes: [], characters: 0, spaces: 0, sentences: 0 };
  for (const piece of pieces === 'whole' ? [text] : linesOf(text)) {
    const s = segment(piece);
    all.words.push(...s.words);
    all.wordGraphemes.push(...s.wordGraphemes);
    all.characters += s.characters;
    all.spaces += s.spaces;
    all.sentences += s.sentences;
  }
  const frequency = new Map<string, number>();
  for (const word of all.words)
    frequency.set(word.toLowerCase(), (frequency.get(word.toLowerCase()) ?? 0) + 1);
  const words = all.words.length;
  const wordCharacters = all.wordGraphemes.reduce((sum, n) => sum + n, 0);
  const lines = text === '' ? [] : text.split(/\r\n|\r|\n/);
  let paragraphs = 0;
  let inParagraph = false;
  for (const line of lines) {
    const blank = !/\S/.test(line);
    if (!blank && !inParagraph) paragraphs++;
    inParagraph = !blank;
  }
  return {
    words,
    characters: all.characters,
    charactersNoSpaces: all.characters - all.spaces,
    sentences: all.sentences,
    paragraphs,
    lines: lines.at(-1) === '' ? lines.length - 1 : lines.length,
    uniqueWords: frequency.size,
    averageWordLength: words === 0 ? 0 : Math.round((wordCharacters / words) * 100) / 100,
    readingTimeSeconds: Math.round((words * 60) / 238),
    speakingTimeSeconds: Math.round((words * 60) / 150),
    topWords: [...frequency]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([word, count]) => ({ word, count })),
  };
}
