import { type CsvRecord, ESCAPED, QUOTED } from './csv-scan.js';
import { EXTRA_FIELDS_KEY, typedLiteral } from './csv-values.js';

/**
 * Writes the records of csv-scan.ts as the bytes of the JSON text that JSON.stringify(rows, null, 2)
 * gives for the rows the Papa path builds (csv-papa.ts): the same escapes, the same key order, a
 * number or boolean written as the very text of its field (losslessValue types a field only when
 * the value prints back as that text). Byte for byte, so that the two paths cannot be told apart.
 *
 * Bytes are moved four at a time through DataViews (3× faster than one at a time: keys and
 * indentation are half of the output): a copy may write up to 3 bytes past its end, which the next
 * write covers, so the buffer always keeps SLACK bytes spare.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLACK = 8;
const HEX = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/** What JSON.stringify writes for a byte of a string: 0 the byte itself, else the escape's letter. */
const ESCAPES = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) ESCAPES[b] = 0x75; // \u00XX
for (const [byte, letter] of [
  [0x08, 'b'],
  [0x09, 't'],
  [0x0a, 'n'],
  [0x0c, 'f'],
  [0x0d, 'r'],
  [QUOTE, '"'],
  [BACKSLASH, '\\'],
] as const)
  ESCAPES[byte] = letter.charCodeAt(0);

/** A constant piece of output as 32-bit words (the last one padded), and its length in bytes. */
interface Piece {
  words: Int32Array;
  length: number;
}

function piece(text: string): Piece {
  const bytes = Buffer.from(text, 'utf8');
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  const words = new Int32Array(padded.length / 4);
  for (let i = 0; i < words.length; i++) words[i] = view.getInt32(i * 4, true);
  return { words, length: bytes.length };
}

const NULL = piece('null');
const FIRST_ROW = piece('[\n  ');
const NEXT_ROW = piece(',\n  ');
const OPEN_OBJECT = piece('{');
const CLOSE_OBJECT = piece('\n  }');
const OPEN_ARRAY = piece('[');
const CLOSE_ARRAY = piece('\n  ]');
const FIRST_ITEM = piece('\n    ');
const NEXT_ITEM = piece(',\n    ');
const OPEN_EXTRA = piece(`,\n    ${JSON.stringify(EXTRA_FIELDS_KEY)}: [`);
const FIRST_EXTRA = piece('\n      ');
const NEXT_EXTRA = piece(',\n      ');
const CLOSE_EXTRA = piece('\n    ]');

export interface RaggedFirst {
  row: number;
  fields: number;
  expected: number;
}

/** After this many input bytes the output's final size is estimated, and room made once for it. */
const ESTIMATE_AFTER = 256 * 1024;

/** The JSON array of rows, written as records come. */
export class CsvJsonWriter {
  #out: Uint8Array;
  #view: DataView;
  #at = 0;
  readonly #input: Uint8Array;
  readonly #inputView: DataView;
  readonly #typed: boolean;
  #estimated = false;
  /** With a header: each key's column, in the order JSON.stringify writes them. */
  #columns: number[] = [];
  /** With a header: what goes before each key's value (",\n    \"key\": "). */
  #keys: Piece[] = [];
  #keyBytes = 0;
  #header = false;
  rows = 0;
  raggedCount = 0;
  firstRagged: RaggedFirst | undefined;

  constructor(input: Uint8Array, typed: boolean) {
    // One kind of array for every read: a Buffer and a Uint8Array would make the copies polymorphic.
    this.#input = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    this.#inputView = new DataView(input.buffer, input.byteOffset, input.byteLength);
    this.#typed = typed;
    this.#out = new Uint8Array(Math.min(input.length, ESTIMATE_AFTER) * 3 + 1024);
    this.#view = new DataView(this.#out.buffer);
  }

  /**
   * Rows become objects with these keys (unique; not "__parsed_extra"). A plain object lists
   * integer keys ("7", "2024") first, in ascending order, then the others as they were added: so
   * does the writer. Building one such object asks the engine itself for that order.
   */
  useHeader(names: readonly string[]): void {
    const order: Record<string, number> = Object.create(null) as Record<string, number>;
    names.forEach((name, column) => {
      order[name] = column;
    });
    this.#header = true;
    this.#columns = [];
    this.#keys = [];
    for (const name of Object.keys(order)) {
      this.#columns.push(order[name] as number);
      this.#keys.push(piece(`${this.#keys.length === 0 ? '\n    ' : ',\n    '}${JSON.stringify(name)}: `));
    }
    this.#keyBytes = this.#keys.reduce((sum, key) => sum + key.length, 0);
  }

  /** One row: an object with a header, else an array. */
  write(record: CsvRecord): void {
    const { count } = record;
    if (!this.#estimated && record.to >= ESTIMATE_AFTER) this.#estimate(record.to);
    // Worst case: every byte escaped as \u00XX, every field null or between quotes.
    this.#reserve(this.#keyBytes + 6 * (record.to - record.from) + 16 * count + 64);
    this.#piece(this.rows === 0 ? FIRST_ROW : NEXT_ROW);
    if (!this.#header) {
      this.#piece(OPEN_ARRAY);
      for (let i = 0; i < count; i++) {
        this.#piece(i === 0 ? FIRST_ITEM : NEXT_ITEM);
        this.#value(record, i);
      }
      this.#piece(CLOSE_ARRAY);
    } else {
      const columns = this.#columns.length;
      this.#piece(OPEN_OBJECT);
      for (let k = 0; k < columns; k++) {
        this.#piece(this.#keys[k] as Piece);
        const column = this.#columns[k] as number;
        if (column < count) this.#value(record, column);
        else this.#piece(NULL);
      }
      if (count > columns) {
        this.#piece(OPEN_EXTRA);
        for (let i = columns; i < count; i++) {
          this.#piece(i === columns ? FIRST_EXTRA : NEXT_EXTRA);
          this.#value(record, i);
        }
        this.#piece(CLOSE_EXTRA);
      }
      this.#piece(CLOSE_OBJECT);
      if (count !== columns) {
        this.raggedCount++;
        this.firstRagged ??= { row: this.rows + 1, fields: count, expected: columns };
      }
    }
    this.rows++;
  }

  /** The JSON text's bytes, in a buffer of their own (moved, not copied, to the main thread). */
  finish(): Uint8Array {
    this.#reserve(2);
    if (this.rows === 0) this.#ascii('[]');
    else this.#ascii('\n]');
    const json = Buffer.allocUnsafeSlow(this.#at);
    json.set(this.#out.subarray(0, this.#at));
    return json;
  }

  #value(record: CsvRecord, field: number): void {
    const start = record.starts[field] as number;
    const end = record.ends[field] as number;
    const flags = record.flags[field] as number;
    if (this.#typed) {
      if (start === end) {
        this.#piece(NULL);
        return;
      }
      if ((flags & ESCAPED) === 0 && typedLiteral(this.#input, start, end)) {
        this.#copy(start, end);
        return;
      }
    }
    this.#out[this.#at++] = QUOTE;
    if ((flags & ESCAPED) === 0) this.#copy(start, end);
    else this.#escaped(start, end, (flags & QUOTED) !== 0);
    this.#out[this.#at++] = QUOTE;
  }

  /** Input bytes as they are, four at a time where the input goes on for four more. */
  #copy(start: number, end: number): void {
    const out = this.#view;
    let at = this.#at;
    let i = start;
    if (end + 3 < this.#input.length) {
      for (; i < end; i += 4, at += 4) out.setInt32(at, this.#inputView.getInt32(i, true), true);
    } else {
      for (; i < end; i++, at++) this.#out[at] = this.#input[i] as number;
    }
    this.#at += end - start;
  }

  /** A field's bytes with JSON's escapes; in a quoted field each quote is the first of a doubled pair. */
  #escaped(start: number, end: number, quoted: boolean): void {
    const input = this.#input;
    const out = this.#out;
    let at = this.#at;
    for (let i = start; i < end; i++) {
      const b = input[i] as number;
      const letter = ESCAPES[b] as number;
      if (letter === 0) {
        out[at++] = b;
        continue;
      }
      out[at++] = BACKSLASH;
      out[at++] = letter;
      if (letter === 0x75) {
        out[at++] = 0x30;
        out[at++] = 0x30;
        out[at++] = HEX[b >> 4] as number;
        out[at++] = HEX[b & 15] as number;
      } else if (b === QUOTE && quoted) i++;
    }
    this.#at = at;
  }

  #piece({ words, length }: Piece): void {
    const out = this.#view;
    let at = this.#at;
    for (let i = 0; i < words.length; i++, at += 4) out.setInt32(at, words[i] as number, true);
    this.#at += length;
  }

  #ascii(text: string): void {
    for (let i = 0; i < text.length; i++) this.#out[this.#at++] = text.charCodeAt(i);
  }

  /** Room for the whole output, judged from the first rows: the buffer is then grown only once. */
  #estimate(read: number): void {
    this.#estimated = true;
    this.#reserve(Math.ceil((this.#at / read) * this.#input.length * 1.05) - this.#at);
  }

  #reserve(bytes: number): void {
    if (this.#at + bytes + SLACK <= this.#out.length) return;
    const bigger = new Uint8Array(Math.max(this.#out.length * 2, this.#at + bytes + SLACK));
    bigger.set(this.#out.subarray(0, this.#at));
    this.#out = bigger;
    this.#view = new DataView(bigger.buffer);
  }
}
