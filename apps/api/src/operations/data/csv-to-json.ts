import Papa from 'papaparse';
import { OperationError } from '../errors.js';
import type { CsvDelimiter } from './json-to-csv.js';
import { losslessValue } from './lossless-value.js';
import { describePosition, positionAt } from './text-position.js';

export interface CsvToJsonOptions {
  /** Absent: detected from the first rows. */
  delimiter?: CsvDelimiter | undefined;
  header: boolean;
  dynamic_typing: boolean;
  skip_empty_lines: boolean;
}

export interface RaggedRows {
  count: number;
  /** The first one: its row number (1 = the first data row), its fields and the header's. */
  first: { row: number; fields: number; expected: number };
}

export interface CsvToJsonResult {
  json: string;
  rows: number;
  delimiter: CsvDelimiter;
  /** Rows whose field count differs from the header's: missing fields are null, extra ones kept. */
  ragged?: RaggedRows;
}

/** Papa's own name for the fields a row has beyond the header: a convention its users know. */
export const EXTRA_FIELDS_KEY = '__parsed_extra';
const DELIMITERS: CsvDelimiter[] = [',', '\t', ';', '|'];
const SAMPLE_CHARS = 64 * 1024;

/**
 * Papa's own guess fails when the text ends with a line break, when the first rows are `#`
 * comments, and when a narrow table has a short row (it wants every row alike). Instead, parse a
 * sample of whole lines with each candidate and take the one under which most rows share one field
 * count above 1 (more fields break ties; then the order of DELIMITERS).
 */
function detectDelimiter(text: string): CsvDelimiter {
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

/** Duplicate or empty header names would overwrite each other's values: number the repeats. */
function uniqueNames(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(unique); n++) unique = `${name}_${n}`;
    seen.add(unique);
    return unique;
  });
}

function quoteError(text: string, error: Papa.ParseError, field: string): OperationError {
  const at = describePosition(positionAt(text, error.index ?? 0));
  const what =
    error.code === 'MissingQuotes'
      ? 'a quoted field is never closed (a stray " ?)'
      : 'a quote inside a quoted field must be doubled ("")';
  return new OperationError('VALIDATION_ERROR', `The CSV is invalid at ${at}: ${what}.`, { field });
}

/**
 * CSV as a JSON array (two-space indented): with `header`, one object per row keyed by the first
 * row's names (repeats numbered: a, a_2); without, one array per row. The delimiter is detected
 * when not given (`,` tab `;` `|`), quoted fields may hold delimiters, quotes and line breaks, and
 * a malformed quote is VALIDATION_ERROR with its line and column. Rows with fewer fields than the
 * header get null for the missing ones and rows with more keep them under "__parsed_extra"; both
 * are counted in `ragged`. With `dynamic_typing`, only values that convert without loss change
 * (see losslessValue). Keys such as "__proto__" stay plain data.
 *
 * @example csvToJson('a,b\n01,2\n', { header: true, dynamic_typing: true, skip_empty_lines: true }, 'csv').json // '[\n  {\n    "a": "01",\n    "b": 2\n  }\n]'
 */
export function csvToJson(text: string, options: CsvToJsonOptions, field: string): CsvToJsonResult {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    dynamicTyping: false,
    skipEmptyLines: options.skip_empty_lines,
  });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw quoteError(text, broken, field);
  const cell = options.dynamic_typing ? losslessValue : (value: string) => value;
  const table = parsed.data;
  // A final line break ends the last record; it does not start an empty one.
  const last = table[table.length - 1];
  if (!options.skip_empty_lines && last?.length === 1 && last[0] === '' && /[\r\n]$/.test(text)) table.pop();
  if (!options.header) {
    return {
      json: JSON.stringify(
        table.map((row) => row.map(cell)),
        null,
        2,
      ),
      rows: table.length,
      delimiter,
    };
  }
  const [head = [], ...body] = table;
  const names = uniqueNames(head);
  let raggedCount = 0;
  let firstRagged: RaggedRows['first'] | undefined;
  const rows = body.map((fields, index) => {
    // No prototype: a column named "__proto__" becomes an ordinary key.
    const row: Record<string, unknown> = Object.create(null);
    names.forEach((name, i) => {
      const value = fields[i];
      row[name] = value === undefined ? null : cell(value);
    });
    if (fields.length > names.length) row[EXTRA_FIELDS_KEY] = fields.slice(names.length).map(cell);
    if (fields.length !== names.length) {
      raggedCount++;
      firstRagged ??= { row: index + 1, fields: fields.length, expected: names.length };
    }
    return row;
  });
  const result: CsvToJsonResult = { json: JSON.stringify(rows, null, 2), rows: rows.length, delimiter };
  if (firstRagged) result.ragged = { count: raggedCount, first: firstRagged };
  return result;
}
