import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { failureOf } from '../../../test/helpers/operation-failure.js';
import { decodeText } from '../text/decode-text.js';
import { type CsvToJsonOptions, csvToJson } from './csv-to-json.js';
import { jsonToCsv } from './json-to-csv.js';

const defaults: CsvToJsonOptions = { header: true, dynamic_typing: true, skip_empty_lines: true };
const convert = (text: string, options: Partial<CsvToJsonOptions> = {}) => {
  const result = csvToJson(text, { ...defaults, ...options }, 'csv');
  return { ...result, json: new TextDecoder().decode(result.json) };
};
const rowsOf = (text: string, options: Partial<CsvToJsonOptions> = {}) =>
  JSON.parse(convert(text, options).json);

describe('csvToJson', () => {
  it('types only lossless values and keeps every digit', () => {
    const result = convert(
      'id,zip,hex,big,ratio,flag,empty,float\r\n1,01234,0x1F,9007199254740993,1.0,true,,2.5\r\n',
    );
    expect(result.json).toBe(
      '[\n  {\n    "id": 1,\n    "zip": "01234",\n    "hex": "0x1F",\n    "big": "9007199254740993",\n    "ratio": "1.0",\n    "flag": true,\n    "empty": null,\n    "float": 2.5\n  }\n]',
    );
    expect(result).toMatchObject({ rows: 1, delimiter: ',' });
    expect(rowsOf('a\n1\n', { dynamic_typing: false })).toEqual([{ a: '1' }]);
  });

  it('detects tab, semicolon and pipe, with a trailing newline', () => {
    for (const delimiter of ['\t', ';', '|', ','] as const) {
      const text = `name${delimiter}n\nx y${delimiter}1\nz${delimiter}2\n`;
      expect(convert(text).delimiter).toBe(delimiter);
      expect(rowsOf(text)).toEqual([
        { name: 'x y', n: 1 },
        { name: 'z', n: 2 },
      ]);
    }
  });

  it('detects the delimiter of a narrow table with a short row', () => {
    const result = convert('id;zip\n1;01234\n2\n');
    expect(result.delimiter).toBe(';');
    expect(JSON.parse(result.json)).toEqual([
      { id: 1, zip: '01234' },
      { id: 2, zip: null },
    ]);
  });

  it('detects the delimiter of real files with comment lines', () => {
    expect(convert(fixture('data/csv/tzdata-zone1970.tab').toString('utf8')).delimiter).toBe('\t');
    expect(convert(fixture('data/csv/unicode-Blocks.txt').toString('utf8')).delimiter).toBe(';');
  });

  it('reads quoted fields with delimiters, quotes and CRLF line breaks (ieee-oui.csv)', () => {
    const rows = JSON.parse(convert(fixture('data/csv/ieee-oui_2008-rows.csv').toString('utf8')).json);
    expect(rows).toHaveLength(2008);
    expect(Object.keys(rows[0])).toEqual([
      'Registry',
      'Assignment',
      'Organization Name',
      'Organization Address',
    ]);
    const multiline = rows.find((row: Record<string, string>) =>
      /\n/.test(row['Organization Address'] ?? ''),
    );
    expect(multiline).toBeDefined();
    expect(rows.some((row: Record<string, string>) => (row['Organization Name'] ?? '').includes(','))).toBe(
      true,
    );
    expect(rowsOf('a,b\n"x\r\ny","say ""hi"""\n')).toEqual([{ a: 'x\r\ny', b: 'say "hi"' }]);
  });

  it('reads a UTF-16 file with a BOM (spreadsheet "Unicode text")', () => {
    const rows = JSON.parse(convert(decodeText(fixture('bad/csv_utf16le_bom.csv'), 'file')).json);
    expect(rows.length).toBeGreaterThan(10);
    expect(Object.keys(rows[0]).length).toBeGreaterThan(1);
  });

  it('reports ragged rows: missing fields null, extra fields kept', () => {
    const result = convert('a,b,c\n1,2\n1,2,3\n1,2,3,4,5\n');
    expect(JSON.parse(result.json)).toEqual([
      { a: 1, b: 2, c: null },
      { a: 1, b: 2, c: 3 },
      { a: 1, b: 2, c: 3, __parsed_extra: [4, 5] },
    ]);
    expect(result.ragged).toEqual({ count: 2, first: { row: 1, fields: 2, expected: 3 } });
    expect(convert('a,b\n1,2\n').ragged).toBeUndefined();
    const corpus = fixture('bad/csv_ragged_rows.csv')
      .toString('utf8')
      .replace('"New Hampshire', 'New Hampshire');
    expect(convert(corpus).ragged).toEqual({ count: 5, first: { row: 5, fields: 7, expected: 8 } });
  });

  it('refuses a stray quote with its line and column', async () => {
    expect(await failureOf(() => convert(fixture('bad/csv_ragged_rows.csv').toString('utf8')))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The CSV is invalid at line 31, column 2: a quoted field is never closed (a stray " ?).',
      field: 'csv',
    });
  });

  it('numbers repeated and empty header names, keeps __proto__ as a key', () => {
    const rows = rowsOf('a,a,,,__proto__\n1,2,3,4,5\n');
    expect(rows).toEqual([{ a: 1, a_2: 2, '': 3, _2: 4, ['__proto__']: 5 }]);
    expect(Object.keys(rows[0])).toEqual(['a', 'a_2', '', '_2', '__proto__']);
  });

  it('gives arrays without a header, and honours skip_empty_lines', () => {
    expect(rowsOf('1,x\n\n2,y\n', { header: false })).toEqual([
      [1, 'x'],
      [2, 'y'],
    ]);
    expect(rowsOf('1,x\n\n2,y\n', { header: false, skip_empty_lines: false })).toEqual([
      [1, 'x'],
      [null],
      [2, 'y'],
    ]);
    expect(rowsOf('')).toEqual([]);
  });

  it('round-trips JSON → CSV → JSON', () => {
    const original = [
      {
        name: 'Ada, "the first"',
        born: 1815,
        note: 'line one\nline two',
        ok: true,
        zip: '01234',
        none: null,
      },
      { name: 'Grace', born: 1906, note: '=1+1', ok: false, zip: '00501', none: null },
    ];
    const csv = jsonToCsv(
      original,
      { delimiter: ',', header: true, flatten: true, escape_formulas: false },
      'json',
    );
    expect(rowsOf(csv.csv)).toEqual(original);
  });
});
