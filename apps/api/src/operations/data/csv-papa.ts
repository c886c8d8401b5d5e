import Papa from 'papaparse';
import { OperationError } from '../errors.js';
import type { CsvToJsonOptions, CsvToJsonResult, RaggedRows } from './csv-types.js';
import { EXTRA_FIELDS_KEY, uniqueNames } from './csv-values.js';
import type { CsvDelimiter } from './json-to-csv.js';
import { losslessValue } from './lossless-value.js';
import { describePosition, positionAt } from './text-position.js';

/**
 * The conversion as it was first written: Papa Parse's rows of strings, built into objects and
 * given to JSON.stringify. The byte reader (csv-bytes.ts) gives the same bytes 4–6× faster; this
 * path stays for what that reader leaves to Papa (a malformed quote, whose error it reports with
 * its place) and as the reference the byte reader is tested against.
 */

function quoteError(text: string, error: Papa.ParseError, field: string): OperationError {
  const at = describePosition(positionAt(text, error.index ?? 0));
  const what =
    error.code === 'MissingQuotes'
      ? 'a quoted field is never closed (a stray " ?)'
      : 'a quote inside a quoted field must be doubled ("")';
  return new OperationError('VALIDATION_ERROR', `The CSV is invalid at ${at}: ${what}.`, { field });
}

/** A CSV text's records as Papa reads them. */
function parseCsv(text: string, delimiter: CsvDelimiter, skipEmptyLines: boolean, field: string): string[][] {
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
  return table;
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

/** csvToJson through Papa, with the delimiter settled. */
export function papaCsvToJson(
  text: string,
  options: CsvToJsonOptions & { delimiter: CsvDelimiter },
  field: string,
): Omit<CsvToJsonResult, 'json'> & { json: string } {
  const { delimiter } = options;
  const table = parseCsv(text, delimiter, options.skip_empty_lines, field);
  const cell = options.dynamic_typing ? losslessValue : (value: string) => value;
  if (!options.header) {
    const json = JSON.stringify(
      table.map((row) => row.map(cell)),
      null,
      2,
    );
    return { json, rows: table.length, delimiter };
  }
  const [head = [], ...body] = table;
  return { ...objectsJson(body, uniqueNames(head), cell), delimiter };
}
