import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corpusDir, fixture } from '../../../test/helpers/fixtures.js';
import {
  CHAR_CLASSES,
  CHECKED_ICU,
  F_LETTER_OR_DIGIT,
  S_ATERM,
  S_CLOSE,
  S_IGNORED,
  S_SPACE,
  S_STERM,
  SCANNER_APPLIES,
  SENTENCE_MASK,
} from './char-classes.js';
import { countSentences, scanLayout, scanWords } from './fast-scan.js';
import { linesOf, referenceCount, type Segmented, segment } from './reference-count.js';
import { HASH_SEED, hashUnits, Tally } from './tally.js';
import { countWords } from './word-count.js';

/** What the scanner finds in a text it knows every unit of, in the shape of segment()'s answer. */
function scanned(text: string): Segmented {
  const tally = new Tally(text);
  expect(scanLayout(text, 0, tally)).toBe(text.length);
  const out: Segmented = { words: [], wordGraphemes: [], characters: 0, spaces: 0, sentences: 0 };
  let hashes = 0;
  scanWords(text, 0, text.length, (start, end, graphemes, hash) => {
    out.words.push(text.slice(start, end));
    out.wordGraphemes.push(graphemes);
    if (hash === hashUnits(HASH_SEED, text, start, end)) hashes++;
  });
  expect(hashes).toBe(out.words.length);
  out.characters = tally.characters;
  out.spaces = tally.spaces;
  out.sentences = countSentences(text, 0, text.length);
  return out;
}

/** The scanner and the segmenters agree on `text` (one segmenter call each); if not, names the line. */
function expectSameAsSegmenter(text: string): void {
  const reference = segment(text);
  const ours = scanned(text);
  if (JSON.stringify(ours) === JSON.stringify(reference)) return;
  for (const line of linesOf(text)) expect({ line, ...scanned(line) }).toEqual({ line, ...segment(line) });
  expect(ours).toEqual(reference);
}

/** A seeded generator (xorshift32): the same cases on every run. */
function random(seed: number): () => number {
  let state = seed | 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const KNOWN = Array.from({ length: 0x10000 }, (_, code) => code)
  .filter((code) => CHAR_CLASSES[code] !== 0)
  .map((code) => String.fromCharCode(code));

/** Groups of characters a random text is drawn from, with weights: the tricky ones often. */
const KNOWN_GROUPS: readonly [number, string[]][] = [
  [12, [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ']],
  [6, [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЕЁЖЯΑΒΓαβγδςσΣάΐЂђԱաբ']],
  [3, [...'àéßøÆªºµÿőłŊǅǈẞƒɐʼˆ˂ᴀẞἀῼ']],
  [5, [...'0123456789']],
  [10, [' ']],
  [4, [...".,;:''\"!?-_"]],
  [3, [...'!"#$%&()*+/<=>@[\\]^`{|}~']],
  [3, [...'\t\u00a0\u202f\u2009\u3000\u2007\n\n\r\n']],
  [3, [...'\u0300\u0301\u0308\u0327\u034f\u0483\u0488\u20e3\u20dd']],
  [2, [...'\u00ad\u200b\u200c\u200e\u2060\u202a\u2066']],
  [3, [...'‐‑–—‘’‚‛“”„‟•․‥…‧′″‹›‼‽⁄⁇⁈⁉‿⁀⁔·\u0387\u037e\u055a\u055b\u055c\u055d\u055e\u055f\u0589\u058a']],
  [2, [...'©®™€£¥§¶°±×÷²³¹¼½←→↔∑≠─│■▶℃№ℓΩⅠⅰⓐⒶⁱ₀〈〉【】\u3000']],
  [4, KNOWN],
];

/** Characters the scanner leaves to the segmenters, and a few of its own that sit near them. */
const UNKNOWN_GROUPS: readonly [number, string[]][] = [
  [3, [...'中文字日本語漢ひらがなカタナーｶ々〆、。「」']],
  [2, [...'กขภาษาไทยລາວខ្មែរမြန်မာ']],
  [2, [...'한국어각אב׳״עבריתعربي،؟٣कषि्']],
  [2, ['😀', '👍', '\u{1f3fd}', '❤', '\ufe0f', '\u{1f1eb}', '\u{1f1f7}', '👨', '\u200d', '👩', '1️⃣', '☺']],
  [1, ['𝐀', '𐐀', '\ud800', '\udc00', '\ufeff', 'Ａ', '１', '．', '，', '\u2028', '\u0085', '\v', '\f']],
];

function generator(seed: number, groups: readonly [number, string[]][]) {
  const next = random(seed);
  const total = groups.reduce((sum, [weight]) => sum + weight, 0);
  const pick = () => {
    let r = next() * total;
    for (const [weight, members] of groups) {
      r -= weight;
      if (r < 0) return members[Math.floor(next() * members.length)] ?? '';
    }
    return '';
  };
  return (length: number) => Array.from({ length: 1 + Math.floor(next() * length) }, pick).join('');
}

it('was checked under the ICU of this Node', () => {
  // A new ICU may change the rules: run this file with CHECKED_ICU set to it, and keep it if all pass.
  expect(process.versions.icu?.split('.')[0]).toBe(CHECKED_ICU);
});

// Under a default locale with rules of its own (Greek, …) the product leaves the scanner unused.
describe.skipIf(!SCANNER_APPLIES)('the scanner against Intl.Segmenter', () => {
  it('never skips a letter or digit where it steps over terminators, quotes and spaces', () => {
    const skipped = [S_ATERM, S_STERM, S_CLOSE, S_SPACE, S_IGNORED];
    const letters = KNOWN.filter((char) => {
      const unit = CHAR_CLASSES[char.charCodeAt(0)] ?? 0;
      return unit & F_LETTER_OR_DIGIT && skipped.includes(unit & SENTENCE_MASK);
    });
    expect(letters).toEqual([]);
  });

  it('agrees on every character it knows, alone and in the contexts that make rules apply', () => {
    const contexts = [
      'X',
      'XX',
      'XXX',
      'aXb',
      'AXB',
      '1X2',
      'aX',
      'Xa',
      '1X',
      'X1',
      'a1X2b',
      '_X',
      'X_',
      'a_X_',
      'aX_',
      "a'Xb",
      'a.Xb',
      'aX.b',
      'a X b',
      ' X ',
      'X\u0301',
      '\u0301X',
      'X\u00ad',
      'a\u0301X',
      'X\u0301b',
      'Hi.X There',
      'Hi.X there',
      'Hi. X there',
      'HiX There',
      'Hi?X There',
      'Hi?X there',
      'A.XB',
      'a.X B',
      'x.X 4 y',
      'X. Next',
      'Hi.)X there',
      '3.X5',
      '"Hi."X So',
      'Ok!X\tNo',
      'a.X\u00a0B',
    ];
    const lines = KNOWN.flatMap((char) => contexts.map((context) => context.replaceAll('X', char)));
    // In pieces of 100 lines: the segmenters slow down on long strings.
    for (let i = 0; i < lines.length; i += 100)
      expectSameAsSegmenter(`${lines.slice(i, i + 100).join('\n')}\n`);
  }, 300_000);

  it('agrees on 6000 random texts of the characters it knows (seeded)', () => {
    const text = generator(29, KNOWN_GROUPS);
    for (let i = 0; i < 6000; i++) expectSameAsSegmenter(text(i % 4 === 0 ? 160 : 40));
  }, 300_000);
});

describe('countWords against the segmenters on the whole text', () => {
  it('agrees on 3000 random texts mixing known and unknown characters (seeded)', () => {
    const text = generator(2024, [...KNOWN_GROUPS, ...UNKNOWN_GROUPS]);
    for (let i = 0; i < 3000; i++) {
      const sample = text(i % 4 === 0 ? 200 : 50);
      expect({ sample, ...countWords(sample) }).toEqual({ sample, ...referenceCount(sample, 'whole') });
    }
  }, 300_000);

  it('agrees on long texts where known lines and others alternate (seeded)', () => {
    const known = generator(7, KNOWN_GROUPS);
    const mixed = generator(8, [...KNOWN_GROUPS, ...UNKNOWN_GROUPS]);
    const next = random(9);
    for (let i = 0; i < 40; i++) {
      const lines = Array.from({ length: 60 }, () => `${next() < 0.8 ? known(120) : mixed(120)}\n`);
      const sample = lines.join('');
      expect({ sample, ...countWords(sample) }).toEqual({ sample, ...referenceCount(sample, 'whole') });
    }
  }, 300_000);
});

describe('countWords against the segmenters, line by line, on the corpus texts', () => {
  const names = readdirSync(`${corpusDir}text`).sort();

  it.each(names)(
    'counts %s as the segmenters do',
    (name) => {
      const text = fixture(`text/${name}`).toString('utf8');
      expect(countWords(text)).toEqual(referenceCount(text, 'lines'));
    },
    300_000,
  );

  it.skipIf(!SCANNER_APPLIES)(
    'reads the English and Russian texts with the scanner alone, as the segmenters do',
    () => {
      for (const name of ['jargon-file-4.4.7_head.txt', 'fortunes-knowledge.ru.txt', 'GPL-3.txt']) {
        const text = fixture(`text/${name}`).toString('utf8');
        expect(scanLayout(text, 0, new Tally(text))).toBe(text.length);
        // In pieces of 10 lines: the segmenters slow down on long strings.
        const lines = linesOf(text);
        for (let i = 0; i < lines.length; i += 10) expectSameAsSegmenter(lines.slice(i, i + 10).join(''));
      }
    },
    300_000,
  );
});
