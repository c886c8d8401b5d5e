import { describe, expect, it } from 'vitest';
import { type CsvPart, csvPartsAgree, joinCsvParts, MIN_SPLIT_BYTES, planCsvSplit } from './csv-split.js';
import type { CsvToJsonOptions } from './csv-to-json.js';

const options: CsvToJsonOptions = { header: true, dynamic_typing: true, skip_empty_lines: true };
const encode = (text: string) => new TextEncoder().encode(text);
/** `rows` copies of a line, after a header, past the size that is split. */
const table = (header: string, line: string) =>
  `${header}\n${line.repeat(Math.ceil(MIN_SPLIT_BYTES / line.length) + 1)}`;

describe('planCsvSplit', () => {
  it('splits after a line break near the middle, with the delimiter and header names', () => {
    const bytes = encode(table('id;name;id', '1;x;2\n'));
    const plan = planCsvSplit(bytes, options);
    expect(plan).toMatchObject({ delimiter: ';', names: ['id', 'name', 'id_2'] });
    const at = plan?.at ?? 0;
    expect(bytes[at - 1]).toBe(0x0a);
    expect(Math.abs(at - bytes.length / 2)).toBeLessThan(10);
  });

  it('never splits inside a quoted field that holds line breaks', () => {
    // Each record holds a quoted field spanning three lines: only every third line break ends one.
    const record = '7,"first\nsecond\nthird"\n';
    const bytes = encode(table('n,text', record));
    const at = planCsvSplit(bytes, options)?.at ?? 0;
    expect(at).toBeGreaterThan(0);
    expect((at - 'n,text\n'.length) % record.length).toBe(0);
  });

  it('does not split a small document, UTF-16, or one without a line break after the middle', () => {
    expect(planCsvSplit(encode('a,b\n1,2\n'), options)).toBeUndefined();
    const utf16 = Buffer.from(`\ufeff${table('a,b', '1,2\n')}`, 'utf16le');
    expect(planCsvSplit(utf16, options)).toBeUndefined();
    expect(planCsvSplit(encode(table('a,b', '1,2\r')), options)).toBeUndefined();
  });

  it('without a header, names nothing', () => {
    const plan = planCsvSplit(encode(table('a,b', '1,2\n')), { ...options, header: false });
    expect(plan?.names).toBeUndefined();
    expect(plan?.delimiter).toBe(',');
  });
});

const part = (json: string, facts: Partial<CsvPart> = {}): CsvPart => ({
  json: encode(json),
  rows: JSON.parse(json).length,
  delimiter: ',',
  linebreak: '\n',
  at: 100,
  names: ['a'],
  ...facts,
});

describe('joinCsvParts and csvPartsAgree', () => {
  const join = (a: CsvPart, b: CsvPart) =>
    Buffer.concat(joinCsvParts(a, b).json.map((chunk) => Buffer.from(chunk))).toString('utf8');

  it('joins two JSON arrays into one, and an empty part into nothing', () => {
    const a = JSON.stringify([{ a: 1 }], null, 2);
    const b = JSON.stringify([{ a: 2 }, { a: 3 }], null, 2);
    expect(join(part(a), part(b))).toBe(JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }], null, 2));
    expect(join(part('[]'), part(b))).toBe(b);
    expect(join(part(a), part('[]'))).toBe(a);
    expect(joinCsvParts(part(a), part(b)).rows).toBe(3);
  });

  it('numbers the second part’s first ragged row in the whole document', () => {
    const a = part(JSON.stringify([{ a: 1 }, { a: 2 }]));
    const b = part(JSON.stringify([{ a: 3 }]), {
      ragged: { count: 2, first: { row: 1, fields: 2, expected: 1 } },
    });
    expect(joinCsvParts(a, b).ragged).toEqual({ count: 2, first: { row: 3, fields: 2, expected: 1 } });
    const withOwn = part(JSON.stringify([{ a: 1 }]), {
      ragged: { count: 1, first: { row: 1, fields: 3, expected: 1 } },
    });
    expect(joinCsvParts(withOwn, b).ragged).toEqual({ count: 3, first: { row: 1, fields: 3, expected: 1 } });
  });

  it('agree only when the first part ends a record and both read the document alike', () => {
    const first = part('[]', { endsRecord: true });
    expect(csvPartsAgree(first, part('[]'))).toBe(true);
    expect(csvPartsAgree({ ...first, endsRecord: false }, part('[]'))).toBe(false);
    expect(csvPartsAgree(first, part('[]', { linebreak: '\r\n' }))).toBe(false);
    expect(csvPartsAgree(first, part('[]', { names: ['b'] }))).toBe(false);
    expect(csvPartsAgree(first, part('[]', { at: 101 }))).toBe(false);
    expect(csvPartsAgree(first, part('[]', { delimiter: ';' }))).toBe(false);
  });
});
