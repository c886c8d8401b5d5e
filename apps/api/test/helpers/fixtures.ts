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
