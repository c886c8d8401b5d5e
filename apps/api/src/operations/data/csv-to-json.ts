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
/** Characters of a document's start that the delimiter (and, for a split, the header) is read from. */
export const SAMPLE_CHARS = 64 * 1024;

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

/** Duplicate or empty header names would overwrite each other's values: number the repeats. */
export function uniqueNames(header: string[]): string[] {
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

/** A CSV text's records as Papa reads them, and the line break it settled on. */
interface ParsedCsv {
  table: string[][];
  linebreak: string;
}

function parseCsv(text: string, delimiter: CsvDelimiter, skipEmptyLines: boolean, field: string): ParsedCsv {
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    header: false,
    dynamicTyping: false,
    skipEmptyLines,
  });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw quoteError(text, broken, field);
  const table = parsed.data;
  // A final line break ends the last record; it does not start an empty one.
  const last = table[table.length - 1];
  if (!skipEmptyLines && last?.length === 1 && last[0] === '' && /[\r\n]$/.test(text)) table.pop();
  return { table, linebreak: parsed.meta.linebreak };
}

function objectsJson(body: string[][], names: string[], cell: (value: string) => unknown) {
  let raggedCount = 0;
  let firstRagged: RaggedRows['first'] | undefined;
  // Plain objects share one shape: 4× faster to build and quicker to stringify than objects without
  // a prototype, which only a column named "__proto__" needs (assigning it would set the prototype).
  const newRow: () => Record<string, unknown> = names.includes('__proto__')
    ? () => Object.create(null) as Record<string, unknown>
    : () => ({});
  const rows = body.map((fields, index) => {
    const row = newRow();
    for (let i = 0; i < names.length; i++) {
      const value = fields[i];
      row[names[i] as string] = value === undefined ? null : cell(value);
    }
    if (fields.length > names.length) row[EXTRA_FIELDS_KEY] = fields.slice(names.length).map(cell);
    if (fields.length !== names.length) {
      raggedCount++;
      firstRagged ??= { row: index + 1, fields: fields.length, expected: names.length };
    }
    return row;
  });
  const ragged = firstRagged && { count: raggedCount, first: firstRagged };
  return { json: JSON.stringify(rows, null, 2), rows: rows.length, ...(ragged && { ragged }) };
}

/** What csvTextToJson adds for a part of a document split in two (see csv-split.ts). */
export interface CsvPartResult extends CsvToJsonResult {
  /** The header's names (with options.header): read from the text, or the ones given. */
  names?: string[];
  /** The line break Papa found ("\n", "\r\n" or "\r"). */
  linebreak: string;
}

/**
 * csvToJson with the delimiter settled, for a whole document or one part of it: `names` are the
 * header's names when the text begins after the header row (the second part of a split document).
 */
export function csvTextToJson(
  text: string,
  options: CsvToJsonOptions & { delimiter: CsvDelimiter },
  field: string,
  names?: string[],
): CsvPartResult {
  const { delimiter } = options;
  const { table, linebreak } = parseCsv(text, delimiter, options.skip_empty_lines, field);
  const cell = options.dynamic_typing ? losslessValue : (value: string) => value;
  if (!options.header) {
    const json = JSON.stringify(
      table.map((row) => row.map(cell)),
      null,
      2,
    );
    return { json, rows: table.length, delimiter, linebreak };
  }
  if (names) return { ...objectsJson(table, names, cell), delimiter, linebreak, names };
  const [head = [], ...body] = table;
  const found = uniqueNames(head);
  return { ...objectsJson(body, found, cell), delimiter, linebreak, names: found };
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
  const { json, rows, delimiter, ragged } = csvTextToJson(
    text,
    { ...options, delimiter: options.delimiter ?? detectDelimiter(text) },
    field,
  );
  return { json, rows, delimiter, ...(ragged && { ragged }) };
}
