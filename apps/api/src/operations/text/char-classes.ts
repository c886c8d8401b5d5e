/**
 * What the word, sentence and grapheme rules of Unicode UAX #29 (as ICU applies them behind
 * Intl.Segmenter) see in each UTF-16 unit of the scripts that separate words with spaces and
 * punctuation: Latin, Greek, Cyrillic, Armenian, their combining marks, and common punctuation and
 * symbols. Every other unit, among them CJK, Thai and the other scripts segmented by dictionary,
 * emoji joiners and surrogates, is 0: "not known here", and text containing one is left to the
 * segmenters. fast-scan.test.ts checks every unit of the table against Intl.Segmenter.
 */

/** Word_Break classes, in the low four bits. */
export const W_LETTER = 1;
export const W_NUMBER = 2;
export const W_MID_LETTER = 3;
export const W_MID_NUMBER = 4;
/** MidNumLet and the apostrophe (Single_Quote, which behaves as MidNumLet outside Hebrew). */
export const W_MID_BOTH = 5;
export const W_EXTEND_NUM_LET = 6;
export const W_SPACE = 7;
/** Extend and Format: invisible to the word and sentence rules (WB4, SB5). */
export const W_IGNORED = 8;
export const W_OTHER = 9;
/** CR and LF: they end the line, and every word, sentence and grapheme with it. */
export const W_LINE = 10;
export const WORD_MASK = 0xf;

/** Sentence_Break classes, in bits 4 to 7. */
export const S_SPACE = 1 << 4;
export const S_LOWER = 2 << 4;
export const S_UPPER = 3 << 4;
export const S_OLETTER = 4 << 4;
export const S_NUMERIC = 5 << 4;
export const S_ATERM = 6 << 4;
export const S_STERM = 7 << 4;
export const S_CLOSE = 8 << 4;
export const S_CONTINUE = 9 << 4;
export const S_IGNORED = 10 << 4;
export const S_OTHER = 11 << 4;
export const S_LINE = 12 << 4;
export const SENTENCE_MASK = 0xf0;

/** Whitespace as JavaScript's `\s` sees it (what the result calls a space). */
export const F_SPACE = 1 << 8;
/** A letter or digit (`[\p{L}\p{N}]`): a sentence with one is counted. */
export const F_LETTER_OR_DIGIT = 1 << 9;
/** A grapheme Control (tab, soft hyphen, …): a mark after it starts a grapheme of its own. */
export const F_CONTROL = 1 << 10;
/** A grapheme Extend: joins the grapheme before it, unless that ends at a control or a line break. */
export const F_EXTEND = 1 << 11;

/** A letter, digit or connector: what a word starts with (AL, NU, ExtendNumLet). */
export const F_WORD = 1 << 12;
/** What may end a sentence: a full stop, another terminator, a line break. */
export const F_STOP = 1 << 13;

/** Nothing for the layout count to note: not whitespace, a mark or a line break (and known). */
export const F_PLAIN = 1 << 14;

/** The blocks looked at; within them, unassigned and private units, spacing marks and ZWJ stay unknown. */
const RANGES: readonly [number, number][] = [
  [0x09, 0x0a],
  [0x0d, 0x0d],
  [0x20, 0x7e],
  // Latin-1 to Armenian, with IPA, spacing modifiers, combining diacritics, Greek and Cyrillic.
  [0xa0, 0x58a],
  // Phonetic extensions, Latin Extended Additional (Vietnamese), Greek Extended.
  [0x1d00, 0x1fff],
  // General punctuation to geometric shapes: spaces, dashes, quotes, currency, letterlike symbols,
  // number forms, arrows, mathematical operators, box drawing.
  [0x2000, 0x25ff],
  [0x3000, 0x3000],
  [0x3008, 0x3011],
];
const UNKNOWN = /[\p{Cn}\p{Co}\p{Cs}\p{Mc}\u2028\u2029]|\u200d/u;

const WORD_LISTS: readonly [number, RegExp][] = [
  [W_LINE, /[\r\n]/],
  [W_IGNORED, /[\p{Mn}\p{Me}\u200c]/u],
  // ZWSP is a Cf but no Format for the word rules.
  [W_OTHER, /\u200b/],
  [W_IGNORED, /\p{Cf}/u],
  [W_MID_LETTER, /[:\u00b7\u0387\u055f\u2027]/],
  [W_MID_NUMBER, /[,;\u037e\u0589\u2044]/],
  [W_MID_BOTH, /['.\u2018\u2019\u2024]/],
  [W_EXTEND_NUM_LET, /[_\u202f\u203f\u2040\u2054]/],
  [W_SPACE, /[ \u2000-\u2006\u2008-\u200a\u205f\u3000]/],
  [W_NUMBER, /[0-9]/],
  // The cedilla, spacing modifier symbols and Armenian marks count as letters for the word rules.
  [
    W_LETTER,
    /[\p{Alphabetic}\u00b8\u02c2-\u02c5\u02d2-\u02d7\u02de\u02df\u02e5-\u02eb\u02ed\u02ef-\u02ff\u055a-\u055c\u055e\u058a]/u,
  ],
];

const SENTENCE_LISTS: readonly [number, RegExp][] = [
  [S_LINE, /[\r\n]/],
  [S_IGNORED, /[\p{Mn}\p{Me}\p{Cf}\u200c]/u],
  [S_SPACE, /\p{White_Space}/u],
  [S_ATERM, /[.\u2024]/],
  [S_STERM, /[!?\u0589\u203c\u203d\u2047-\u2049]/],
  [S_CONTINUE, /[,\-:;\u037e\u055d\u2013\u2014]/],
  [S_LOWER, /\p{Lowercase}/u],
  [S_UPPER, /[\p{Uppercase}\p{Lt}]/u],
  [S_OLETTER, /\p{Alphabetic}/u],
  [S_NUMERIC, /[0-9]/],
  [S_CLOSE, /[\p{Ps}\p{Pe}\p{Pi}\p{Pf}"']/u],
];

const FLAGS: readonly [number, RegExp][] = [
  [F_SPACE, /\s/],
  [F_LETTER_OR_DIGIT, /[\p{L}\p{N}]/u],
  // ZWNJ is a Cf, but an Extend for the grapheme rules.
  [F_CONTROL, /(?!\u200c)[\p{Cc}\p{Cf}]/u],
  [F_EXTEND, /[\p{Mn}\p{Me}\u200c]/u],
];

function classOf(lists: readonly [number, RegExp][], char: string, other: number): number {
  for (const [value, pattern] of lists) if (pattern.test(char)) return value;
  return other;
}

function build(): Uint16Array {
  const table = new Uint16Array(0x10000);
  for (const [from, to] of RANGES) {
    for (let code = from; code <= to; code++) {
      const char = String.fromCharCode(code);
      if (UNKNOWN.test(char)) continue;
      const word = classOf(WORD_LISTS, char, W_OTHER);
      const sentence = classOf(SENTENCE_LISTS, char, S_OTHER);
      let value = word | sentence;
      // CR and LF are controls too, but line breaks are counted apart.
      for (const [flag, pattern] of FLAGS) if (pattern.test(char) && word !== W_LINE) value |= flag;
      if (word === W_LETTER || word === W_NUMBER || word === W_EXTEND_NUM_LET) value |= F_WORD;
      if (sentence === S_ATERM || sentence === S_STERM || sentence === S_LINE) value |= F_STOP;
      if (!(value & (F_SPACE | F_EXTEND)) && word !== W_LINE) value |= F_PLAIN;
      table[code] = value;
    }
  }
  return table;
}

/**
 * The major version of ICU the table was checked against (fast-scan.test.ts), and the language of
 * the default locale it holds for: ICU's rules change between versions, and some locales tailor them
 * (Greek ends a sentence at ";"). Elsewhere the table stays empty: every text goes to the segmenters,
 * slower but as right, until the tests have been run there and this is updated.
 */
export const CHECKED_ICU = '78';
const defaultLocale = new Intl.Segmenter(undefined, { granularity: 'word' }).resolvedOptions().locale;
export const SCANNER_APPLIES =
  process.versions.icu?.split('.')[0] === CHECKED_ICU && /^en(-|$)/.test(defaultLocale);

/** The classes of each UTF-16 unit, 0 where unknown. */
export const CHAR_CLASSES: Uint16Array = SCANNER_APPLIES ? build() : new Uint16Array(0x10000);
