import { fileURLToPath } from 'node:url';

/** Folders resolved from this file, so every script works from any working directory. */
export const benchDir = fileURLToPath(new URL('..', import.meta.url));
export const repoDir = fileURLToPath(new URL('../..', import.meta.url));
export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
export const resultsMarkdown = fileURLToPath(new URL('../RESULTS.md', import.meta.url));
export const serverEntry = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
export const webClientDir = fileURLToPath(new URL('../../apps/web/build/client/', import.meta.url));
export const fixtureDir = fileURLToPath(new URL('../../fixtures/corpus/images/', import.meta.url));
/** The repository's corpus of real files (see its MANIFEST.md); large inputs are grown from it. */
export const corpusDir = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url));
