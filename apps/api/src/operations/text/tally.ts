/**
 * What the counters of word-count.ts add up, region after region, in the order of the text.
 *
 * Words are given as ranges of the text and counted by their exact units in a hash table of their
 * own, which keeps where each spelling was first seen: a string, a lower-cased copy and two lookups
 * of a Map for each of a million words cost more than finding the words. Spellings are lower-cased
 * and merged once, at the end, in order of first appearance.
 */
/** FNV-1a over UTF-16 units: the scanner hashes a word's units as it reads them. */
export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

export function hashUnits(hash: number, text: string, from: number, to: number): number {
  let h = hash;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), HASH_PRIME);
  return h;
}

export class Tally {
  words = 0;
  /** Grapheme clusters of all words, for the average word length. */
  wordCharacters = 0;
  characters = 0;
  spaces = 0;
  sentences = 0;
  lines = 0;
  /** Runs of non-blank lines. */
  paragraphs = 0;
  #inParagraph = false;

  /** Entry number + 1 of each slot, 0 when free (open addressing, linear probing). */
  #slots = new Int32Array(1 << 12);
  #hashes = new Int32Array(1 << 11);
  #starts = new Int32Array(1 << 11);
  #ends = new Int32Array(1 << 11);
  #counts = new Int32Array(1 << 11);
  #entries = 0;

  constructor(readonly text: string) {}

  /** A line ended (by a line break or the end of the text); blank when it has nothing but whitespace. */
  endLine(blank: boolean): void {
    this.lines++;
    if (!blank && !this.#inParagraph) this.paragraphs++;
    this.#inParagraph = !blank;
  }

  /**
   * One word: the units [start, end) of the text, `graphemes` grapheme clusters long, with their
   * hashUnits (computed here when not given).
   */
  word(
    start: number,
    end: number,
    graphemes: number,
    hash = hashUnits(HASH_SEED, this.text, start, end),
  ): void {
    this.words++;
    this.wordCharacters += graphemes;
    const mask = this.#slots.length - 1;
    let slot = (hash ^ (hash >>> 15)) & mask;
    for (;;) {
      const entry = (this.#slots[slot] ?? 0) - 1;
      if (entry < 0) break;
      if (this.#hashes[entry] === hash && this.#same(entry, start, end)) {
        this.#counts[entry] = (this.#counts[entry] ?? 0) + 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
    const entry = this.#entries++;
    if (entry === this.#hashes.length) this.#grow();
    this.#hashes[entry] = hash;
    this.#starts[entry] = start;
    this.#ends[entry] = end;
    this.#counts[entry] = 1;
    if (this.#entries * 2 > this.#slots.length) this.#rehash();
    else this.#slots[slot] = entry + 1;
  }

  #same(entry: number, start: number, end: number): boolean {
    const from = this.#starts[entry] ?? 0;
    if ((this.#ends[entry] ?? 0) - from !== end - start) return false;
    const text = this.text;
    for (let i = 0; i < end - start; i++)
      if (text.charCodeAt(from + i) !== text.charCodeAt(start + i)) return false;
    return true;
  }

  #grow(): void {
    const size = this.#hashes.length * 2;
    const larger = (old: Int32Array) => {
      const array = new Int32Array(size);
      array.set(old);
      return array;
    };
    this.#hashes = larger(this.#hashes);
    this.#starts = larger(this.#starts);
    this.#ends = larger(this.#ends);
    this.#counts = larger(this.#counts);
  }

  /** Twice the slots, every entry placed again (the entry just added included). */
  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.#entries; entry++) {
      const hash = this.#hashes[entry] ?? 0;
      let slot = (hash ^ (hash >>> 15)) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.#slots = slots;
  }

  /** Lower-cased words in order of first appearance, with their counts. */
  frequency(): Map<string, number> {
    const frequency = new Map<string, number>();
    for (let entry = 0; entry < this.#entries; entry++) {
      const key = this.text.slice(this.#starts[entry], this.#ends[entry]).toLowerCase();
      frequency.set(key, (frequency.get(key) ?? 0) + (this.#counts[entry] ?? 0));
    }
    return frequency;
  }
}
