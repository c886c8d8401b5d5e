import Papa from 'papaparse';
import { OperationError } from '../errors.js';
import { isCollection, JsonNumber } from './json-number.js';
import { assertNesting } from './limits.js';

export type CsvDelimiter = ',' | ';' | '\t' | '|';

export interface JsonToCsvOptions {
  delimiter: CsvDelimiter;
  header: boolean;
  flatten: boolean;
  escape_formulas: boolean;
}

export interface CsvResult {
  csv: string;
  rows: number;
}

/**
 * The characters OWASP's CSV-injection guidance names: a text cell starting with one of them may
 * be run as a formula. Signed text such as "-5" included: only JSON numbers are left alone.
 */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

type Row = Map<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isCollection(value) && !Array.isArray(value);
}

function flattenInto(row: Row, prefix: string, object: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(object)) {
    const column = prefix === '' ? key : `${prefix}.${key}`;
    // An empty object has no columns to flatten into: keep it visible as {}.
    if (isPlainObject(value) && Object.keys(value).length > 0) flattenInto(row, column, value);
    else row.set(column, value);
  }
}

function toRow(object: Record<string, unknown>, flatten: boolean): Row {
  const row: Row = new Map();
  if (flatten) flattenInto(row, '', object);
  else for (const [key, value] of Object.entries(object)) row.set(key, value);
  return row;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof JsonNumber) return 'a number';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function cellText(value: unknown, escapeFormulas: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    return escapeFormulas && FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  }
  // A number as written: every digit of 12345678901234567890, 1e400 as 1e400.
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

/** A nested value as JSON text in its cell, numbers as written. */
function jsonText(value: unknown): string {
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (isCollection(value)) {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Rows of an array whose items are all arrays: cells as given, no header of our own. */
function arrayRows(items: unknown[][], options: JsonToCsvOptions): string[][] {
  return items.map((item) => item.map((cell) => cellText(cell, options.escape_formulas)));
}

function objectRows(items: unknown[], options: JsonToCsvOptions, field: string): string[][] {
  const rows: Row[] = [];
  const columns = new Map<string, number>();
  items.forEach((item, index) => {
    if (!isPlainObject(item)) {
      throw new OperationError(
        'VALIDATION_ERROR',
        `Item ${index + 1} of the array is ${describeType(item)}; every item must be an object (one row) or, for rows of cells, every item an array.`,
        { field },
      );
    }
    const row = toRow(item, options.flatten);
    for (const column of row.keys()) if (!columns.has(column)) columns.set(column, columns.size);
    rows.push(row);
  });
  const names = [...columns.keys()];
  const lines = rows.map((row) => names.map((name) => cellText(row.get(name), options.escape_formulas)));
  if (options.header && names.length > 0)
    lines.unshift(names.map((name) => cellText(name, options.escape_formulas)));
  return lines;
}

/**
 * A JSON value as RFC 4180 CSV (CRLF line ends, fields quoted when they hold the delimiter, a quote
 * or a line break). An array of objects gives one row each, with the union of their keys as
 * columns in the order first seen; a single object is one row; an array of arrays gives rows of
 * cells as they are. With `flatten`, nested objects become `a.b` columns; arrays and (without
 * `flatten`) objects are written as JSON text; null is an empty cell. With `escape_formulas`, text
 * cells starting with = + - @, a tab or a carriage return get a leading ' so spreadsheets do not
 * run them ("-5" as text too; the JSON number -5 stays a number).
 *
 * @example jsonToCsv([{ a: 1, b: { c: 'x' } }], { delimiter: ',', header: true, flatten: true, escape_formulas: true }, 'json').csv // 'a,b.c\r\n1,x\r\n'
 */
export function jsonToCsv(value: unknown, options: JsonToCsvOptions, field: string): CsvResult {
  assertNesting(value, 'JSON', field);
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (isPlainObject(value)) items = [value];
  else {
    throw new OperationError(
      'VALIDATION_ERROR',
      `The JSON is ${describeType(value)}; send an array of objects (one row each) or an object (one row).`,
      { field },
    );
  }
  const allArrays = items.length > 0 && items.every(Array.isArray);
  const lines = allArrays ? arrayRows(items as unknown[][], options) : objectRows(items, options, field);
  if (lines.length === 0) return { csv: '', rows: 0 };
  const csv = Papa.unparse(lines, { delimiter: options.delimiter, newline: '\r\n', quotes: false });
  return { csv: `${csv}\r\n`, rows: items.length };
}
