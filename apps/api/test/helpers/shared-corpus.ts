import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The project's shared test corpus (`../shared/corpus` beside the repository, see its MANIFEST):
 * real text, data and attack files too many and too large to copy into fixtures/.
 */
export const sharedCorpusDir = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

/** A shared corpus file, e.g. sharedCorpus('data/csv/ieee-oui.csv'). */
export function sharedCorpus(path: string): Buffer {
  return readFileSync(new URL(path, `file://${sharedCorpusDir}`));
}
