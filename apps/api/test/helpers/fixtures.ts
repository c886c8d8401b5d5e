import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's test corpus (fixtures/corpus), resolved from this file, never the cwd. */
export const corpusDir = fileURLToPath(new URL('../../../../fixtures/corpus/', import.meta.url));

const cache = new Map<string, Buffer>();

/** A corpus file, e.g. fixture('images/chelsea_cat_451x300.png'). */
export function fixture(path: string): Buffer {
  let data = cache.get(path);
  if (!data) {
    data = readFileSync(new URL(path, `file://${corpusDir}`));
    cache.set(path, data);
  }
  return data;
}

/**
 * About `bytes` of real CSV: the IEEE OUI excerpt's records (CRLF, quoted commas, quotes and line
 * breaks) repeated under its one header. Large inputs are made, not committed.
 */
export function repeatedOuiCsv(bytes: number): Buffer {
  const text = fixture('data/csv/ieee-oui_2008-rows.csv').toString('utf8');
  const headerEnd = text.indexOf('\r\n') + 2;
  const records = text.slice(headerEnd);
  return Buffer.from(`${text.slice(0, headerEnd)}${records.repeat(Math.ceil(bytes / records.length))}`);
}

/** `levels` nested JSON arrays, `[[[…]]]`: the stack-depth attack. */
export function nestedJsonArrays(levels = 100_000): Buffer {
  return Buffer.from(`${'['.repeat(levels)}${']'.repeat(levels)}`);
}
