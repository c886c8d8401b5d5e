import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { bufferView } from '../../bytes.js';
import { decodeText, type TextInput } from '../text/decode-text.js';
import { csvBytesToJson } from './csv-bytes.js';
import { papaCsvToJson } from './csv-papa.js';
import type { CsvToJsonOptions, CsvToJsonResult } from './csv-types.js';
import type { CsvDelimiter } from './json-to-csv.js';

export type { CsvToJsonOptions, CsvToJsonResult, RaggedRows } from './csv-types.js';

const DELIMITERS: CsvDelimiter[] = [',', '\t', ';', '|'];
/** Characters of a document's start that the delimiter is read from. */
const SAMPLE_CHARS = 64 * 1024;
/** Enough bytes to hold the SAMPLE_CHARS characters read at the start, whatever their UTF-8 width. */
const HEAD_BYTES = SAMPLE_CHARS * 4;

/**
 * Papa's own guess fails when the text ends with a line break, when the first rows are `#`
 * comments, and when a narrow table has a short row (it wants every row alike). Instead, parse a
 * sample of whole lines with each candidate and take the one under which most rows share one field
 * count above 1 (more fields break ties; then the order of DELIMITERS).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const cut = text.length > SAMPLE_CHARS ? text.lastIndexOf('\n', SAMPLE_CHARS) : text.length;
  const sample = text.slice(0, cut > 0 ? cut : SAMPLE_CHARS);
  let best: { delimiter: CsvDelimiter; share: number; fields: number } = {
    delimiter: ',',
    share: 0,
    fields: 1,
  };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, {
      delimiter,
      skipEmptyLines: true,
      comments: '#',
      preview: 50,
    }).data;
    const counts = new Map<number, number>();
    for (const row of rows) if (row.length > 1) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    for (const [fields, count] of counts) {
      const share = count / rows.length;
      if (share > best.share || (share === best.share && fields > best.fields))
        best = { delimiter, share, fields };
    }
  }
  return best.delimiter;
}

/**
 * The text of a document's start that detectDelimiter reads: the same SAMPLE_CHARS characters as
 * from the whole text (a character cut at the end is never read).
 */
function head(bytes: Uint8Array): string {
  return bufferView(bytes).toString('utf8', 0, Math.min(bytes.length, HEAD_BYTES));
}

const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * A CSV upload or text, readable by the byte reader: UTF-8 bytes without a byte order mark; or
 * as text only (Papa reads it), when it starts with a second byte order mark, which Papa drops
 * too, or holds a lone surrogate, which JSON.stringify escapes and UTF-8 cannot carry.
 */
type CsvSource = { bytes: Uint8Array; text?: undefined } | { text: string; bytes?: undefined };

/**
 * The document as decodeText reads it (and refuses it), without decoding a valid UTF-8 upload
 * into a string: its bytes are read as they are.
 */
function csvSource(input: TextInput, field: string): CsvSource {
  if (input instanceof Uint8Array) {
    const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
    const body = bom ? input.subarray(3) : input;
    // NUL bytes may be UTF-16 without a byte order mark, which decodeText names.
    if (!body.subarray(0, HEAD_BYTES).includes(0) && isUtf8(body)) {
      if (!(body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf)) return { bytes: body };
      return { text: bufferView(body).toString('utf8') };
    }
  }
  const text = decodeText(input, field);
  return text.charCodeAt(0) === 0xfeff || !wellFormed(text) ? { text } : { bytes: Buffer.from(text, 'utf8') };
}

/**
 * CSV as a JSON array (two-space indented): with `header`, one object per row keyed by the first
 * row's names (repeats numbered: a, a_2); without, one array per row. The delimiter is detected
 * when not given (`,` tab `;` `|`), quoted fields may hold delimiters, quotes and line breaks, and
 * a malformed quote is VALIDATION_ERROR with its line and column. Rows with fewer fields than the
 * header get null for the missing ones and rows with more keep them under "__parsed_extra"; both
 * are counted in `ragged`. With `dynamic_typing`, only values that convert without loss change
 * (see losslessValue). Keys such as "__proto__" stay plain data. The input is decoded and refused
 * as decodeText does.
 *
 * @example new TextDecoder().decode(csvToJson('a,b\n01,2\n', { header: true, dynamic_typing: true, skip_empty_lines: true }, 'csv').json) // '[\n  {\n    "a": "01",\n    "b": 2\n  }\n]'
 */
export function csvToJson(input: TextInput, options: CsvToJsonOptions, field: string): CsvToJsonResult {
  const source = csvSource(input, field);
  const delimiter = options.delimiter ?? detectDelimiter(source.bytes ? head(source.bytes) : source.text);
  const settled = { ...options, delimiter };
  // Byte reader first (csv-bytes.ts: 4-6x faster, the same bytes); Papa for what it leaves.
  const read = source.bytes && csvBytesToJson(source.bytes, settled);
  if (read) return read;
  const text = source.text ?? bufferView(source.bytes).toString('utf8');
  const { json, ...facts } = papaCsvToJson(text, settled, field);
  return { ...facts, json: Buffer.from(json, 'utf8') };
}
