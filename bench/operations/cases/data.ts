import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDir } from '../../lib/paths.js';
import { runCommand } from '../../lib/run-command.js';
import type { BenchCase, Output, OutputFacts } from '../case.js';
import { numericCsv, quotedCsv } from '../generated-csv.js';
import { base64Inputs, bigCsv, bigJson, bigRussianText, bigText } from '../inputs.js';

const one = [1] as const;

/** A JSON output must parse to an array of `rows` records. */
function jsonRows(rows: number) {
  return async ({ bytes }: Output): Promise<OutputFacts> => {
    try {
      const value: unknown = JSON.parse(bytes.toString('utf8'));
      const count = Array.isArray(value) ? value.length : 1;
      return count === rows ? { note: `${count} rows` } : { problem: `${count} rows, not ${rows}` };
    } catch (error) {
      return { problem: `not JSON: ${String(error).slice(0, 100)}` };
    }
  };
}

/** Records in a CSV file, as Miller reads them (quoted fields may hold newlines, so not a line count). */
async function csvRecords(path: string): Promise<number> {
  const result = await runCommand('mlr', ['--icsv', '--onidx', 'count', path]);
  const count = Number(result.stdout.trim());
  if (result.code !== 0 || !Number.isInteger(count))
    throw new Error(`mlr count: ${result.stderr.slice(0, 200)}`);
  return count;
}

/** A CSV output must have a header and `rows` records. */
function csvRows(rows: number) {
  return async ({ bytes }: Output): Promise<OutputFacts> => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-csv-'));
    try {
      const path = join(dir, 'out.csv');
      await writeFile(path, bytes);
      const count = await csvRecords(path);
      return count === rows ? { note: `${count} rows` } : { problem: `${count} rows, not ${rows}` };
    } catch (error) {
      return { problem: `not CSV: ${String(error).slice(0, 100)}` };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

const segmenterPeer = fileURLToPath(new URL('../peers/segmenter-word-count.mjs', import.meta.url));

/** Words counted by the peer's program (Intl.Segmenter line by line), run once untimed. */
async function segmenterWords(path: string): Promise<number> {
  const result = await runCommand(process.execPath, [segmenterPeer, path]);
  const words = (JSON.parse(result.stdout || '{}') as { words?: number }).words;
  if (result.code !== 0 || words === undefined)
    throw new Error(`segmenter peer: ${result.stderr.slice(0, 200)}`);
  return words;
}

/**
 * Word count of 9.5 MB of English and of Russian (issue 40): HTTP and in-process against the plain
 * Intl.Segmenter loop in a Node process of its own, which must be 5× slower, and `wc -w` (issue 9).
 * Every output but wc's must give the segmenter's count exactly.
 */
async function wordCountCases(): Promise<BenchCase[]> {
  const inputs = [
    ['English', await bigText()],
    ['Russian', await bigRussianText()],
  ] as const;
  return Promise.all(
    inputs.map(async ([language, path]): Promise<BenchCase> => {
      const expected = await segmenterWords(path);
      const whitespace = (await readFile(path, 'utf8')).split(/\s+/).filter(Boolean).length;
      return {
        group: 'data',
        name: `word count (9.5 MB of ${language})`,
        input: path,
        http: { path: '/text/word-count', file: { field: 'file', path, type: 'text/plain' }, fields: {} },
        inProcess: 'word-count',
        peers: [
          { label: 'wc -w', command: ['wc', '-w', '{in}'], output: 'stdout' },
          {
            label: 'Intl.Segmenter line by line (node)',
            command: [process.execPath, segmenterPeer, '{in}'],
            output: 'stdout',
            speedup: 5,
          },
        ],
        concurrencies: one,
        check: async ({ bytes }) => {
          const body = bytes.toString('utf8');
          // wc -w splits at whitespace, by design not the count of Unicode word segmentation.
          if (!body.startsWith('{'))
            return { note: `${Number.parseInt(body, 10)} whitespace-separated words` };
          const parsed = JSON.parse(body) as { words?: number; data?: { words?: number } };
          const counted = parsed.data?.words ?? parsed.words;
          return counted === expected
            ? { note: `${counted} words (whitespace-separated: ${whitespace})` }
            : { problem: `${counted} words, not the segmenter's ${expected}` };
        },
      };
    }),
  );
}

/** The text and data operations of issue 9, against Miller, yq, wc and coreutils' base64. */
export async function dataCases(): Promise<BenchCase[]> {
  const csv = await bigCsv();
  const json = await bigJson();
  const b64 = await base64Inputs();
  const yaml = join(corpusDir, 'data/yaml/ansible-base.yml');
  const csvRowsIn = await csvRecords(csv);
  const [quoted, numeric] = [await quotedCsv(), await numericCsv()];
  const [quotedRows, numericRows] = [await csvRecords(quoted), await csvRecords(numeric)];
  const jsonRowsIn = (JSON.parse(await readFile(json, 'utf8')) as unknown[]).length;
  const binaryBytes = (await readFile(b64.binary)).length;
  return [
    {
      group: 'data',
      name: `CSV → JSON (${(csvRowsIn / 1000).toFixed(0)}k rows, 9.5 MB)`,
      input: csv,
      http: { path: '/data/csv-to-json', file: { field: 'file', path: csv, type: 'text/csv' }, fields: {} },
      peers: [
        { label: 'Miller (mlr)', command: ['mlr', '--icsv', '--ojson', 'cat', '{in}'], output: 'stdout' },
      ],
      concurrencies: one,
      check: jsonRows(csvRowsIn),
    },
    // Issue 40: twice Miller's speed on both shapes.
    ...[
      { shape: 'quoted fields with doubled quotes', path: quoted, rows: quotedRows },
      { shape: 'numbers', path: numeric, rows: numericRows },
    ].map(
      ({ shape, path, rows }): BenchCase => ({
        group: 'data',
        name: `CSV → JSON, ${shape} (${(rows / 1000).toFixed(0)}k rows, 9 MB)`,
        input: path,
        http: { path: '/data/csv-to-json', file: { field: 'file', path, type: 'text/csv' }, fields: {} },
        peers: [
          {
            label: 'Miller (mlr)',
            command: ['mlr', '--icsv', '--ojson', 'cat', '{in}'],
            output: 'stdout',
            speedup: 2,
          },
        ],
        concurrencies: one,
        check: jsonRows(rows),
      }),
    ),
    {
      group: 'data',
      name: `JSON → CSV (${(jsonRowsIn / 1000).toFixed(0)}k records, 9.5 MB)`,
      input: json,
      http: {
        path: '/data/json-to-csv',
        file: { field: 'file', path: json, type: 'application/json' },
        fields: {},
      },
      peers: [
        { label: 'Miller (mlr)', command: ['mlr', '--ijson', '--ocsv', 'cat', '{in}'], output: 'stdout' },
      ],
      concurrencies: one,
      check: csvRows(jsonRowsIn),
    },
    {
      group: 'data',
      name: 'YAML → JSON (81 KB Ansible base config)',
      input: yaml,
      http: {
        path: '/data/yaml-to-json',
        file: { field: 'file', path: yaml, type: 'application/yaml' },
        fields: {},
      },
      peers: [{ label: 'yq', command: ['yq', '.', '{in}'], output: 'stdout' }],
      concurrencies: one,
      check: async ({ bytes }) => {
        try {
          JSON.parse(bytes.toString('utf8'));
          return {};
        } catch (error) {
          return { problem: `not JSON: ${String(error).slice(0, 100)}` };
        }
      },
    },
    ...(await wordCountCases()),
    {
      group: 'data',
      name: 'base64 encode (5 MB binary)',
      input: b64.binary,
      http: {
        path: '/data/base64-encode',
        file: { field: 'file', path: b64.binary, type: 'application/octet-stream' },
        fields: {},
      },
      peers: [{ label: 'coreutils base64', command: ['base64', '-w', '0', '{in}'], output: 'stdout' }],
      concurrencies: one,
      check: async ({ bytes }) => {
        const decoded = Buffer.from(bytes.toString('utf8').replace(/\s+/g, ''), 'base64');
        return decoded.length === binaryBytes
          ? {}
          : { problem: `decodes to ${decoded.length} bytes, not ${binaryBytes}` };
      },
    },
    {
      group: 'data',
      name: 'base64 decode (6.7 MB of text)',
      input: b64.text,
      http: {
        path: '/data/base64-decode',
        file: { field: 'file', path: b64.text, type: 'text/plain' },
        fields: {},
      },
      peers: [
        { label: 'coreutils base64', command: ['sh', '-c', 'base64 -d "$0" > "$1"', '{in}', '{out}'] },
        // Issue 40: at least half the speed of a server that does nothing else.
        { label: 'bare node:http + Buffer.from', server: 'bare-base64-server.mjs', speedup: 0.5 },
      ],
      concurrencies: one,
      check: async ({ bytes }) =>
        bytes.length === binaryBytes ? {} : { problem: `${bytes.length} bytes, not ${binaryBytes}` },
    },
  ];
}
