import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { bufferView } from '../../bytes.js';
import {
  type CsvPartResult,
  type CsvToJsonOptions,
  type CsvToJsonResult,
  csvHead,
  csvSource,
  csvSourceToJson,
  detectDelimiter,
  SAMPLE_CHARS,
} from './csv-to-json.js';
import { uniqueNames } from './csv-values.js';
import type { CsvDelimiter } from './json-to-csv.js';

/**
 * A large CSV document is converted in two parts on two worker threads at once, the second part
 * starting at a line break near the middle. Both workers work out the same plan from the same bytes
 * (below), so neither waits for the other; the main thread checks that the two parts agree and
 * joins their JSON, or converts the document whole when they do not (see csvPartsAgree).
 */

/** Smaller documents convert faster than two threads can be set to work on them. */
export const MIN_SPLIT_BYTES = 4 * 1024 * 1024;
/** How far past the middle a line break outside quotes is looked for. */
const SEARCH_BYTES = 1024 * 1024;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

export interface CsvSplitPlan {
  /** Byte offset where the second part starts (just after a "\n"). */
  at: number;
  delimiter: CsvDelimiter;
  /** The header's names (with options.header), for the second part. */
  names?: string[];
}

function countQuotes(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let i = bytes.indexOf(QUOTE, from); i !== -1 && i < to; i = bytes.indexOf(QUOTE, i + 1)) count++;
  return count;
}

/**
 * The first line break after the middle with an even number of quotes before it: outside any quoted
 * field in a well-formed document (a quote inside a quoted field is doubled). Stray quotes can
 * mislead the count; the first part's parse then ends inside a quoted field and fails, and the
 * document is converted whole. A part never starts with a byte order mark, which decodeText drops.
 */
function splitPoint(bytes: Buffer): number | undefined {
  let quotes = 0;
  let counted = 0;
  const limit = Math.min(bytes.length - 1, (bytes.length >> 1) + SEARCH_BYTES);
  for (
    let lf = bytes.indexOf(LF, bytes.length >> 1);
    lf !== -1 && lf < limit;
    lf = bytes.indexOf(LF, lf + 1)
  ) {
    quotes += countQuotes(bytes, counted, lf);
    counted = lf;
    const bom = bytes[lf + 1] === 0xef && bytes[lf + 2] === 0xbb && bytes[lf + 3] === 0xbf;
    if (quotes % 2 === 0 && !bom) return lf + 1;
  }
  return undefined;
}

/** The header's names, when the first 64 KiB characters hold the header row and a row after it. */
function headerNames(head: string, delimiter: CsvDelimiter, options: CsvToJsonOptions): string[] | undefined {
  const cut = head.lastIndexOf('\n', SAMPLE_CHARS);
  if (cut <= 0) return undefined;
  const parsed = Papa.parse<string[]>(head.slice(0, cut + 1), {
    delimiter,
    skipEmptyLines: options.skip_empty_lines,
  });
  const [first, second] = parsed.data;
  if (!first || !second || parsed.errors.some((error) => error.type === 'Quotes')) return undefined;
  return uniqueNames(first);
}

/**
 * Where to cut a CSV upload in two, with the delimiter and header both parts use; undefined when the
 * document is small, not UTF-8, or has no line break outside quotes near the middle.
 */
export function planCsvSplit(input: Uint8Array, options: CsvToJsonOptions): CsvSplitPlan | undefined {
  if (input.length < MIN_SPLIT_BYTES) return undefined;
  const bytes = bufferView(input);
  // UTF-16 and UTF-32 (a BOM, or NUL bytes for ASCII without one): converted whole.
  if (bytes[0] === 0xff || bytes[0] === 0xfe || bytes.subarray(0, SAMPLE_CHARS * 4).includes(0))
    return undefined;
  const head = csvHead(bytes).replace(/^\ufeff/, '');
  const delimiter = options.delimiter ?? detectDelimiter(head);
  const names = options.header ? headerNames(head, delimiter, options) : undefined;
  if (options.header && !names) return undefined;
  const at = splitPoint(bytes);
  if (at === undefined) return undefined;
  return { at, delimiter, ...(names && { names }) };
}

/** One part's conversion, with the plan it followed. */
export interface CsvPartJson extends CsvPartResult {
  at: number;
  /** (First part) It ends where a record ends, under the line break Papa found in it. */
  endsRecord?: boolean;
}

/** A part as the main thread receives it: its JSON encoded by the worker. */
export type CsvPart = Omit<CsvPartJson, 'json'> & { json: Uint8Array };

/**
 * Converts part `index` (0 or 1) of a document planned by planCsvSplit; undefined when the plan
 * says not to split or the second part is not UTF-8. A malformed quote is thrown as it is. Either
 * way the document is then converted whole, which finds the same failure and names its place.
 */
export function csvPartToJson(
  input: Uint8Array,
  index: 0 | 1,
  options: CsvToJsonOptions,
  field: string,
): CsvPartJson | undefined {
  const plan = planCsvSplit(input, options);
  if (!plan) return undefined;
  const partOptions = { ...options, delimiter: plan.delimiter };
  if (index === 1) {
    const part = input.subarray(plan.at);
    // Not UTF-8: the whole document's conversion refuses it, naming what it looks like.
    if (!isUtf8(part)) return undefined;
    const { fullSample: _, ...result } = csvSourceToJson({ bytes: part }, partOptions, field, plan.names);
    return { ...result, at: plan.at };
  }
  const { fullSample, ...result } = csvSourceToJson(
    csvSource(input.subarray(0, plan.at), field),
    partOptions,
    field,
  );
  // Papa guesses the line break from the text's start: the first part must hold all it reads.
  const endsRecord =
    fullSample && (result.linebreak === '\n' || (result.linebreak === '\r\n' && input[plan.at - 2] === CR));
  return { ...result, at: plan.at, endsRecord };
}

const sameNames = (a: string[] | undefined, b: string[] | undefined) =>
  a?.length === b?.length && (a ?? []).every((name, i) => name === b?.[i]);

/**
 * The two parts read the document as one parse would: the first ended at the end of a record, both
 * followed the same plan and settled on the same line break, and the header's names agree.
 */
export function csvPartsAgree(first: CsvPart, second: CsvPart): boolean {
  return (
    first.endsRecord === true &&
    first.at === second.at &&
    first.delimiter === second.delimiter &&
    first.linebreak === second.linebreak &&
    sameNames(first.names, second.names)
  );
}

const SEPARATOR = new TextEncoder().encode(',\n');

/**
 * The two parts' results as one: rows counted together, the first ragged row numbered in the whole
 * document, and the JSON as the chunks of one array (each part is a complete "[\n  …\n]").
 */
export function joinCsvParts(
  first: CsvPart,
  second: CsvPart,
): Omit<CsvToJsonResult, 'json'> & { json: Uint8Array[] } {
  const json =
    first.rows === 0
      ? [second.json]
      : second.rows === 0
        ? [first.json]
        : [first.json.subarray(0, -2), SEPARATOR, second.json.subarray(2)];
  const result: Omit<CsvToJsonResult, 'json'> & { json: Uint8Array[] } = {
    json,
    rows: first.rows + second.rows,
    delimiter: first.delimiter,
  };
  const [a, b] = [first.ragged, second.ragged];
  const firstRagged = a?.first ?? (b && { ...b.first, row: b.first.row + first.rows });
  if (firstRagged) result.ragged = { count: (a?.count ?? 0) + (b?.count ?? 0), first: firstRagged };
  return result;
}
