import { join } from 'node:path';
import { repoDir } from './paths.js';

/**
 * The launcher `npm start` and `npm run serve` go through (`sh scripts/serve.sh [node flags…]
 * entry.js`): starting the server, or an in-process baseline "with the server's settings", through
 * it measures the product as it ships without keeping a copy of its settings here.
 */
export const launcher = join(repoDir, 'scripts/serve.sh');

/** What the launcher sets; removed from the environment of a run with the libraries' defaults. */
export const launcherVariables = ['MALLOC_ARENA_MAX'] as const;

/** The command and arguments that run `args` (node flags, then the script) through the launcher. */
export function launched(args: readonly string[]): [string, string[]] {
  return ['sh', [launcher, ...args]];
}
