import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import { OperationError } from '../errors.js';
import { decodeText } from '../text/decode-text.js';
import { csvBytesToJson } from './csv-bytes.js';
import { papaCsvToJson } from './csv-papa.js';
import { guessLinebreak, LINEBREAK_SAMPLE_UNITS } from './csv-scan.js';
import { type CsvToJsonOptions, csvToJson, detectDelimiter } from './csv-to-json.js';
import { typedLiteral } from './csv-values.js';
import type { CsvDelimiter } from './json-to-csv.js';
import { losslessValue } from './lossless-value.js';

/**
 * The byte reader (csv-bytes.ts) against the Papa path it replaces (csv-papa.ts), which stays the
 * reference: the same JSON bytes, rows, ragged rows and errors, on tricky texts and random ones.
 */

/** A small deterministic generator (mulberry32), so that a failure can be run again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPTIONS: CsvToJsonOptions[] = [true, false].flatMap((header) =>
  [true, false].flatMap((dynamic_typing) =>
    [true, false].map((skip_empty_lines) => ({ header, dynamic_typing, skip_empty_lines })),
  ),
);

/** What the Papa path gives for a text or an upload (read by decodeText): its JSON and facts, or its error. */
function reference(input: string | Uint8Array, options: CsvToJsonOptions) {
  try {
    const text = decodeText(input, 'csv');
    const delimiter = options.delimiter ?? detectDelimiter(text);
    const { json, rows, ragged } = papaCsvToJson(text, { ...options, delimiter }, 'csv');
    return { json, rows, delimiter, ...(ragged && { ragged }) };
  } catch (error) {
    if (error instanceof OperationError) return error.message;
    throw error;
  }
}

/** The same through csvToJson, from the text and from its UTF-8 bytes. */
function converted(input: string | Uint8Array, options: CsvToJsonOptions) {
  try {
    const result = csvToJson(input, options, 'csv');
    return { ...result, json: Buffer.from(result.json).toString('utf8') };
  } catch (error) {
    if (error instanceof OperationError) return error.message;
    throw error;
  }
}

function expectSame(text: string, options: CsvToJsonOptions) {
  expect(converted(text, options)).toEqual(reference(text, options));
  const bytes = Buffer.from(text, 'utf8');
  expect(converted(bytes, options)).toEqual(reference(bytes, options));
}

/** The byte reader itself answers (it does not hand the text to Papa), with Papa's JSON. */
function expectRead(text: string, options: CsvToJsonOptions & { delimiter: CsvDelimiter }) {
  const read = csvBytesToJson(Buffer.from(text, 'utf8'), options);
  expect(read).toBeDefined();
  const papa = papaCsvToJson(text, options, 'csv');
  expect(Buffer.from(read?.json ?? []).toString('utf8')).toBe(papa.json);
  expect({ rows: read?.rows, ragged: read?.ragged }).toEqual({ rows: papa.rows, ragged: papa.ragged });
}

const TRICKY = [
  '',
  '\n',
  '\r\n\r\n',
  'a',
  'a,b\n',
  'a,b\n1,2',
  'a,b\n1,2\n\n3,4\n\n',
  '"",x\n""\n"",""\n',
  'a,b\n"x\r\ny","say ""hi"""\n"",""""\n',
  'a,"b\n1,2\n',
  'a,b\n"x"y,2\n',
  'a,b\n"x" ,2\n"y"\t\n',
  'a,b\nx"y,"z"\n',
  'a;b;c\n1;2\n1;2;3;4;5\n',
  'b,2,a,1,__proto__,constructor\n1,2,3,4,5,6\n',
  'a,a,,,a_2\n1,2,3,4,5\n',
  '__parsed_extra,b\n1,2,3\n',
  'id,n\r1,2\r3,4\r',
  'id,n\r\n1,2\n3,4\r\n5,6\r',
  'id,n\n1,2\r\n3,"4"\r\n',
  'id\tn\n"a\tb"\tc\\d\u0001\u001f\u007f\n',
  'ÿ,😀,é\n"ü""",\u2028,\ud83d\ude00\n',
  '\ufeffa,b\n1,2\n',
  'n\n-0\n0\n01\n1e3\n1.0\n1.5\n0.000001\n0.0000001\n9007199254740993\n1234567890123456\n-12.5\n.5\n5.\n+5\nInfinity\nNaN\n 7\nTRUE\ntrue\nfalse\nnull\n"12"\n',
]
  .concat([fixture('data/csv/ieee-oui_2008-rows.csv').toString('utf8')])
  .concat([fixture('data/csv/tzdata-zone1970.tab').toString('utf8')]);

describe('csvToJson (byte reader) against the Papa path', () => {
  it('gives the same JSON, facts and errors on tricky texts, under every option', () => {
    for (const text of TRICKY) for (const options of OPTIONS) expectSame(text, options);
  });

  it('reads well-formed quoted fields itself, in every line break', () => {
    for (const linebreak of ['\n', '\r\n', '\r']) {
      const text = ['id,"name, full",note', '1,"a ""b""",x', '2,"line\nbreak and\r\nmore",', '3,,"\t"'].join(
        linebreak,
      );
      for (const options of OPTIONS) expectRead(text, { ...options, delimiter: ',' });
    }
  });

  it('gives the same on random texts', () => {
    const next = random(40);
    const pieces = [
      ...['a', 'bc', '1', '0', '-', '.', 'e', '7', '12.50', '0.001', '1e5', 'true', 'x y', ' '],
      ...['"', '""', ',', ',', ';', '\t', '|', '\n', '\n', '\r\n', '\r', 'é', '😀', '\\', '\u0000', '2024'],
    ];
    for (let round = 0; round < 1500; round++) {
      const length = Math.floor(next() * 40);
      let text = '';
      for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)];
      const options = OPTIONS[round % OPTIONS.length] as CsvToJsonOptions;
      expectSame(text, { ...options, ...(round % 3 === 0 && { delimiter: ',' }) });
    }
  });

  it('gives the same on a text larger than the line-break sample, read in one piece', () => {
    const row = '"quoted, with ""doubled"" quotes and\r\na break",123,4.5,é😀\r\n';
    const text = `a,b,c,d\r\n${row.repeat(Math.ceil((LINEBREAK_SAMPLE_UNITS * 1.5) / row.length))}`;
    expectSame(text, OPTIONS[0] as CsvToJsonOptions);
    expectRead(text, { ...(OPTIONS[0] as CsvToJsonOptions), delimiter: ',' });
  });

  it('leaves to Papa a text whose lone surrogate UTF-8 cannot carry', () => {
    const options = OPTIONS[0] as CsvToJsonOptions;
    expect(converted('a\n\ud800x\n', options)).toEqual(reference('a\n\ud800x\n', options));
    expect(converted('a\n\ud800x\n', options)).toMatchObject({ json: '[\n  {\n    "a": "\\ud800x"\n  }\n]' });
  });
});

describe('guessLinebreak', () => {
  const papaGuess = (text: string) => Papa.parse(text, { delimiter: ',', preview: 1 }).meta.linebreak;

  it('guesses as Papa does, quotes taken out, a quote left open kept', () => {
    const next = random(7);
    const pieces = ['a', '"', '\r', '\n', '\r\n', 'é', '😀'];
    for (let round = 0; round < 3000; round++) {
      let text = '';
      const length = Math.floor(next() * 24);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)];
      expect(guessLinebreak(Buffer.from(text, 'utf8'))).toBe(papaGuess(text));
    }
  });

  it('reads only the first 1,048,576 UTF-16 code units, as Papa does', () => {
    const fill = 'é😀a'.repeat(LINEBREAK_SAMPLE_UNITS / 4);
    // Papa's sample ends inside the quote: what follows it counts, and the CRs after the cut do not.
    for (const text of [
      `${fill.slice(0, -10)}"\r\r\r\r\n${'\r'.repeat(100)}"\n`,
      `${fill.slice(0, -3)}\r\n${'\r'.repeat(100)}`,
      `${fill.slice(0, -1)}\r\n\r\r`,
    ]) {
      expect(guessLinebreak(Buffer.from(text, 'utf8'))).toBe(papaGuess(text));
    }
  });
});

describe('typedLiteral', () => {
  it('types a field as losslessValue does', () => {
    const next = random(3);
    const pieces = ['0', '1', '5', '9', '0', '.', '-', 'e', 'E', '+', '00'];
    const typed = (text: string) => typedLiteral(Buffer.from(text), 0, text.length);
    for (let round = 0; round < 20000; round++) {
      let text = '';
      const length = 1 + Math.floor(next() * 22);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)];
      expect([text, typed(text)]).toEqual([text, typeof losslessValue(text) === 'number']);
    }
    for (const text of [
      'true',
      'false',
      'True',
      'truex',
      'fals',
      '0.000001',
      '0.0000001',
      '123456789012345.5',
    ]) {
      expect([text, typed(text)]).toEqual([text, typeof losslessValue(text) !== 'string']);
    }
  });
});
