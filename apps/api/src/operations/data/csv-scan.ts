/**
 * A CSV reader over UTF-8 bytes that reads every record exactly as Papa Parse reads the same text
 * (csv-papa.ts), for the inputs it accepts: it stops at the first quote Papa would treat in any
 * other way than a well-formed quoted field, and the caller then hands the text to Papa, which also
 * names the error.
 *
 * Why a reader of our own (measured on the two 9 MB shapes of bench/operations/generated-csv.ts,
 * CPU ms on a busy 2-core machine): parsing alone takes Papa ~360/280 (quoted/numbers), uDSV and
 * csv-simple-parser ~225; all three give a string per field, and building the row objects and
 * JSON.stringify cost another ~190/310. This reader and csv-json-writer.ts do the whole conversion,
 * typing included, in ~140/230, with no string per field, and keep Papa's quirks (its line-break
 * guess, quotes only at a field's start, a final empty record), which the others read otherwise.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const CR = 0x0d;
const FIELD_END = 1;
const RECORD_END = 2;
const MAYBE_END = 3;
const ESCAPE = 4;

/** The line break Papa settles on: the only one that ends a record (another is data). */
export type Linebreak = '\n' | '\r\n' | '\r';

/** Papa guesses the line break from this many UTF-16 code units at the start of the text. */
export const LINEBREAK_SAMPLE_UNITS = 1024 * 1024;

/** The field was quoted: each quote inside its range is the first of a doubled pair. */
export const QUOTED = 1;
/** The field holds a byte JSON escapes (a control character, a quote or a backslash). */
export const ESCAPED = 2;

/** One record: its fields as byte ranges of the input, a quoted field's without its quotes. */
export class CsvRecord {
  count = 0;
  starts = new Int32Array(16);
  ends = new Int32Array(16);
  /** QUOTED and ESCAPED bits of each field. */
  flags = new Uint8Array(16);
  /** Where the record starts and ends in the input (the output's size is bounded by it). */
  from = 0;
  to = 0;

  push(start: number, end: number, flags: number): void {
    if (this.count === this.starts.length) {
      const size = this.count * 2;
      this.starts = grown(this.starts, new Int32Array(size));
      this.ends = grown(this.ends, new Int32Array(size));
      this.flags = grown(this.flags, new Uint8Array(size));
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.flags[this.count] = flags;
    this.count++;
  }

  /** A record of one empty field: an empty line (or `""` alone), which Papa's skipEmptyLines drops. */
  get empty(): boolean {
    return this.count === 1 && this.starts[0] === this.ends[0];
  }
}

function grown<T extends Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** Called with each record; `last` when the input ends it. Returning false stops the reading. */
export type OnRecord = (record: CsvRecord, last: boolean) => boolean | undefined;

/**
 * Calls `onRecord` with each record of `bytes` (UTF-8 without a byte order mark), as Papa reads
 * them with this delimiter and line break: a field is quoted only when its first byte is a quote,
 * a quote elsewhere is data, an empty input has no record and a final line break is followed by a
 * record of one empty field. Returns false where Papa's reading may differ: a quoted field never
 * closed, or whose closing quote is followed by anything but the delimiter, the line break or the
 * end (Papa reports most of these as errors and forgives spaces before a delimiter).
 */
export function scanCsv(
  bytes: Uint8Array,
  delimiter: number,
  linebreak: Linebreak,
  onRecord: OnRecord,
): boolean {
  const n = bytes.length;
  if (n === 0) return true;
  // What ends an unquoted field: FIELD_END the delimiter, RECORD_END the line break, MAYBE_END a
  // CR that may start "\r\n"; ESCAPE a byte JSON escapes. In a quoted field: its quote or ESCAPE.
  const stops = new Uint8Array(256);
  const quotedStops = new Uint8Array(256);
  for (let b = 0; b < 0x20; b++) stops[b] = quotedStops[b] = ESCAPE;
  stops[QUOTE] = stops[BACKSLASH] = quotedStops[BACKSLASH] = ESCAPE;
  quotedStops[QUOTE] = FIELD_END;
  if (linebreak === '\n') stops[LF] = RECORD_END;
  else stops[CR] = linebreak === '\r' ? RECORD_END : MAYBE_END;
  stops[delimiter] = FIELD_END;
  const record = new CsvRecord();
  const breakLength = linebreak.length;
  let p = 0;
  for (;;) {
    record.count = 0;
    record.from = p;
    let last = false;
    // One field per turn; `p` is where the next one starts.
    for (;;) {
      let flags = 0;
      if (bytes[p] === QUOTE) {
        flags = QUOTED;
        let q = p + 1;
        for (;;) {
          let stop = 0;
          for (; q < n; q++) {
            stop = quotedStops[bytes[q] as number] as number;
            if (stop !== 0) break;
          }
          if (q === n) return false;
          if (stop === ESCAPE) q++;
          else if (bytes[q + 1] === QUOTE) q += 2;
          else break;
          flags |= ESCAPED;
        }
        record.push(p + 1, q, flags);
        const after = q + 1;
        if (after === n) {
          last = true;
          p = n;
          break;
        }
        const b = bytes[after];
        if (b === delimiter) {
          p = after + 1;
          continue;
        }
        if (b === (linebreak === '\n' ? LF : CR) && (breakLength === 1 || bytes[after + 1] === LF)) {
          p = after + breakLength;
          break;
        }
        return false;
      }
      let i = p;
      let stop = 0;
      for (;;) {
        for (; i < n; i++) {
          stop = stops[bytes[i] as number] as number;
          if (stop !== 0) break;
        }
        if (i === n || stop === FIELD_END || stop === RECORD_END) break;
        // A byte to escape, or a CR alone, which is data when the line break is "\r\n".
        if (stop === ESCAPE || bytes[i + 1] !== LF) {
          flags = ESCAPED;
          i++;
          continue;
        }
        break;
      }
      record.push(p, i, flags);
      if (i === n) {
        last = true;
        p = n;
        break;
      }
      if (stop === FIELD_END) {
        p = i + 1;
        continue;
      }
      p = i + breakLength;
      break;
    }
    record.to = p;
    if (onRecord(record, last) === false || last) return true;
  }
}

/** UTF-16 code units of the character a UTF-8 byte starts (a continuation byte starts none). */
function unitsOf(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte < 0xc0) return 0;
  return byte < 0xf0 ? 1 : 2;
}

/** Line breaks seen in the text that is left once quoted parts are taken out (see guessLinebreak). */
class BreakCount {
  crs = 0;
  crlfs = 0;
  firstCr = -1;
  firstLf = -1;
  /** The character before was a CR. */
  afterCr = false;

  see(byte: number, at: number): void {
    if (byte === CR) {
      this.crs++;
      if (this.firstCr === -1) this.firstCr = at;
    } else if (byte === LF) {
      if (this.firstLf === -1) this.firstLf = at;
      if (this.afterCr) this.crlfs++;
    }
    this.afterCr = byte === CR;
  }

  add(other: BreakCount): void {
    this.crs += other.crs;
    this.crlfs += other.crlfs;
    if (this.firstCr === -1) this.firstCr = other.firstCr;
    if (this.firstLf === -1) this.firstLf = other.firstLf;
  }
}

/**
 * The line break Papa guesses for the text of `bytes`: from its first LINEBREAK_SAMPLE_UNITS code
 * units with each pair of quotes and what is between them taken out (a quote left open keeps the
 * rest), "\n" when there is no CR or an LF comes first, else "\r\n" when at least half of the
 * pieces between CRs start with an LF, else "\r".
 */
export function guessLinebreak(bytes: Uint8Array): Linebreak {
  // Outside quotes: a quoted part taken out joins the characters on its two sides.
  const outside = new BreakCount();
  // From an opening quote on: kept only if the sample ends before the quote closes.
  let inside = new BreakCount();
  let quoted = false;
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    units += unitsOf(b);
    if (units > LINEBREAK_SAMPLE_UNITS) break;
    if (b === QUOTE) {
      quoted = !quoted;
      if (!quoted) continue;
      inside = new BreakCount();
    }
    (quoted ? inside : outside).see(b, i);
  }
  if (quoted) outside.add(inside);
  const { crs, crlfs, firstCr, firstLf } = outside;
  if (crs === 0 || (firstLf !== -1 && firstLf < firstCr)) return '\n';
  return crlfs >= (crs + 1) / 2 ? '\r\n' : '\r';
}
