import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { segmentChunks } from './segment-chunks.js';
import { countWords } from './word-count.js';

/** Counts of the whole text in one segmenter pass each: what chunking must reproduce. */
function reference(text: string) {
  const seg = (granularity: 'grapheme' | 'word' | 'sentence') =>
    new Intl.Segmenter(undefined, { granularity }).segment(text);
  const counts = { characters: 0, charactersNoSpaces: 0, words: 0, uniqueWords: 0, sentences: 0 };
  for (const { segment } of seg('grapheme')) {
    counts.characters++;
    if (!/^\s+$/u.test(segment)) counts.charactersNoSpaces++;
  }
  const unique = new Set<string>();
  for (const { segment, isWordLike } of seg('word')) {
    if (!isWordLike) continue;
    counts.words++;
    unique.add(segment.toLowerCase());
  }
  counts.uniqueWords = unique.size;
  for (const { segment } of seg('sentence')) if (/[\p{L}\p{N}]/u.test(segment)) counts.sentences++;
  return counts;
}

describe('countWords', () => {
  it('counts an English paragraph', () => {
    const result = countWords('The cat sat. The cat ran!\n\nIs it the same cat? Yes.\n');
    expect(result).toEqual({
      words: 12,
      characters: 52,
      charactersNoSpaces: 39,
      sentences: 4,
      paragraphs: 2,
      lines: 3,
      uniqueWords: 8,
      averageWordLength: 2.92,
      readingTimeSeconds: 3,
      speakingTimeSeconds: 5,
      topWords: [
        { word: 'the', count: 3 },
        { word: 'cat', count: 3 },
        { word: 'sat', count: 1 },
        { word: 'ran', count: 1 },
        { word: 'is', count: 1 },
        { word: 'it', count: 1 },
        { word: 'same', count: 1 },
        { word: 'yes', count: 1 },
      ],
    });
  });

  it('counts Chinese, Japanese and Thai words without spaces', () => {
    expect(countWords('我爱北京天安门').words).toBeGreaterThanOrEqual(3);
    expect(countWords('私は東京に住んでいます').words).toBeGreaterThanOrEqual(4);
    expect(countWords('ฉันรักภาษาไทย').words).toBe(4);
  });

  it('counts a family emoji as one character and emoji or punctuation as no word', () => {
    const result = countWords('👨‍👩‍👧‍👦 🇫🇷 — hi!');
    expect(result.characters).toBe(9);
    expect(result.charactersNoSpaces).toBe(6);
    expect(result.words).toBe(1);
    expect(countWords('e\u0301te\u0301').characters).toBe(3);
    expect(countWords('🇫🇷🇩🇪😀').characters).toBe(3);
    expect(countWords('👍🏽 ok').charactersNoSpaces).toBe(3);
  });

  it('gives zeros for empty and blank text', () => {
    const zero = {
      words: 0,
      sentences: 0,
      paragraphs: 0,
      uniqueWords: 0,
      averageWordLength: 0,
      readingTimeSeconds: 0,
      speakingTimeSeconds: 0,
      topWords: [],
    };
    expect(countWords('')).toEqual({ ...zero, characters: 0, charactersNoSpaces: 0, lines: 0 });
    expect(countWords(' \r\n\t ')).toEqual({ ...zero, characters: 4, charactersNoSpaces: 0, lines: 2 });
  });

  it('reads 238 and speaks 150 words a minute', () => {
    const result = countWords('word '.repeat(476));
    expect(result.readingTimeSeconds).toBe(120);
    expect(result.speakingTimeSeconds).toBe(190);
    expect(result.averageWordLength).toBe(4);
  });

  it.each([
    'text/debian-reference.ja_head.txt',
    'text/debian-reference.zh-cn_head.txt',
    'text/jargon-file-4.4.7_head.txt',
    'text/fortunes-knowledge.ru.txt',
    'text/tang300-poems.zh.txt',
  ])('counts %s in chunks exactly as in one pass', (path) => {
    const text = fixture(path).toString('utf8').slice(0, 30_000);
    expect(segmentChunks(text).length).toBeGreaterThan(5);
    expect(countWords(text)).toMatchObject(reference(text));
  });

  it('cuts a long line without spaces (Japanese) and a line of emoji without changing counts', () => {
    const ja = fixture('text/debian-reference.ja_head.txt')
      .toString('utf8')
      .replace(/\s+/g, '')
      .slice(0, 20_000);
    expect(countWords(ja)).toMatchObject(reference(ja));
    // One "sentence" of 27,000 UTF-16 units has no boundary to cut at: only its sentence count is off.
    const emoji = '👨‍👩‍👧‍👦e\u0301🇫🇷'.repeat(3000);
    expect(countWords(emoji)).toMatchObject({ ...reference(emoji), sentences: expect.any(Number) });
  });

  it('joins its chunks back into the text', () => {
    const text = fixture('text/GPL-3.txt').toString('utf8');
    const chunks = segmentChunks(text, 500);
    expect(chunks.join('')).toBe(text);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(500);
    expect(segmentChunks('Hi there. Bye now.', 12)).toEqual(['Hi there. ', 'Bye now.']);
    expect(segmentChunks('')).toEqual(['']);
  });

  it('counts megabytes of Japanese piece by piece, the same as each copy', () => {
    // About 1 MB: the manual's first 1463 lines, 14 times.
    const ja = fixture('text/debian-reference.ja_head.txt').toString('utf8').repeat(14);
    const one = countWords(ja);
    const three = countWords(ja.repeat(3));
    expect(three.words).toBe(one.words * 3);
    expect(three.characters).toBe(one.characters * 3);
    expect(three.lines).toBe(one.lines * 3);
    expect(three.uniqueWords).toBe(one.uniqueWords);
  }, 120_000);
});
