import { describe, expect, it } from 'vitest';
import { nestedJsonArrays } from '../../../test/helpers/fixtures.js';
import { failureOf } from '../../../test/helpers/operation-failure.js';
import { parseJsonText } from './json-text.js';
import { type JsonToCsvOptions, jsonToCsv } from './json-to-csv.js';
import { losslessValue } from './lossless-value.js';

const defaults: JsonToCsvOptions = { delimiter: ',', header: true, flatten: true, escape_formulas: true };
const csv = (value: unknown, options: Partial<JsonToCsvOptions> = {}) =>
  jsonToCsv(value, { ...defaults, ...options }, 'json');

describe('jsonToCsv', () => {
  it('flattens nested objects and takes the union of columns in first-seen order', () => {
    const value = JSON.parse(
      '[{"a":1,"b":{"c":"x,y","d":null}},{"e":"say \\"hi\\"","a":true,"f":[1,2],"g":{}}]',
    );
    expect(csv(value)).toEqual({
      csv: 'a,b.c,b.d,e,f,g\r\n1,"x,y",,,,\r\ntrue,,,"say ""hi""","[1,2]",{}\r\n',
      rows: 2,
    });
    expect(csv(value, { flatten: false }).csv).toBe(
      'a,b,e,f,g\r\n1,"{""c"":""x,y"",""d"":null}",,,\r\ntrue,,"say ""hi""","[1,2]",{}\r\n',
    );
  });

  it('writes a single object as one row, with any delimiter, with or without a header', () => {
    expect(csv({ a: 'line\nbreak', b: 'p|q' }, { delimiter: '|' })).toEqual({
      csv: 'a|b\r\n"line\nbreak"|"p|q"\r\n',
      rows: 1,
    });
    expect(csv({ a: 1, b: 'x;y' }, { delimiter: ';', header: false }).csv).toBe('1;"x;y"\r\n');
    expect(csv({ a: 1, b: 2 }, { delimiter: '\t' }).csv).toBe('a\tb\r\n1\t2\r\n');
  });

  it('prefixes text starting with = + - @ tab or CR with a quote, signed text too, but not numbers', () => {
    const rows = [
      { a: '=SUM(A1:A9)', b: '+cmd', c: '-2+3', d: '@x', e: '\t=1', f: '-5', g: '+5', h: -7, i: '\u22121' },
    ];
    expect(csv(rows).csv).toBe(
      "a,b,c,d,e,f,g,h,i\r\n'=SUM(A1:A9),'+cmd,'-2+3,'@x,'\t=1,'-5,'+5,-7,\u22121\r\n",
    );
    expect(csv([{ r: '\r=1' }]).csv).toBe('r\r\n"\'\r=1"\r\n');
    expect(csv(rows, { escape_formulas: false }).csv).toBe(
      'a,b,c,d,e,f,g,h,i\r\n=SUM(A1:A9),+cmd,-2+3,@x,\t=1,-5,+5,-7,\u22121\r\n',
    );
  });

  it('writes arrays of arrays as rows of cells', () => {
    expect(
      csv([
        ['name', 'n'],
        ['a"b', 2],
      ]),
    ).toEqual({ csv: 'name,n\r\n"a""b",2\r\n', rows: 2 });
  });

  it('keeps __proto__ and constructor keys as ordinary columns', () => {
    const value = parseJsonText('[{"__proto__":{"polluted":1},"constructor":"c"}]', 'json');
    expect(csv(value).csv).toBe('__proto__.polluted,constructor\r\n1,c\r\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives an empty document for an empty array', () => {
    expect(csv([])).toEqual({ csv: '', rows: 0 });
  });

  it('refuses values that are not rows, naming the item', async () => {
    expect(await failureOf(() => csv('text'))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The JSON is a string; send an array of objects (one row each) or an object (one row).',
      field: 'json',
    });
    expect((await failureOf(() => csv([{ a: 1 }, 2]))).message).toBe(
      'Item 2 of the array is a number; every item must be an object (one row) or, for rows of cells, every item an array.',
    );
  });

  it('refuses 100,000 levels of nesting without overflowing the stack', async () => {
    const text = nestedJsonArrays(100_000).toString('utf8');
    const tooDeep = {
      code: 'UNPROCESSABLE_FILE',
      message: 'The JSON is nested more than 1000 levels deep; at most 1000 levels can be converted.',
      field: 'json',
    };
    expect(await failureOf(() => parseJsonText(text, 'json'))).toEqual(tooDeep);
    expect(await failureOf(() => csv(JSON.parse(text)))).toEqual(tooDeep);
  });
});

describe('losslessValue', () => {
  it('types only what prints back the same', () => {
    expect(['42', '-1.5', '0', '1e-7', '', 'true', 'false'].map(losslessValue)).toEqual([
      42,
      -1.5,
      0,
      1e-7,
      null,
      true,
      false,
    ]);
    for (const text of [
      '01234',
      '0x1F',
      '1.0',
      '1e3',
      ' 7',
      '7 ',
      'TRUE',
      'null',
      '+1',
      '-0',
      '.5',
      'NaN',
      'Infinity',
    ]) {
      expect(losslessValue(text)).toBe(text);
    }
    expect(losslessValue('9007199254740991')).toBe(9007199254740991);
    expect(losslessValue('9007199254740992')).toBe('9007199254740992');
    expect(losslessValue('12345678901234567890')).toBe('12345678901234567890');
  });
});
