import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoDir } from './paths.js';

export interface Launch {
  /** Environment defaults, e.g. MALLOC_ARENA_MAX=2 (a value already set wins, as in the script). */
  env: Record<string, string>;
  /** Node flags before the entry file, e.g. --initial-old-space-size=64. */
  nodeArgs: string[];
}

/**
 * How `npm start` starts the server, read from the root package.json's `serve` script (which `start`
 * equals) so that the benchmark measures the product as it ships and never keeps a copy of its
 * settings: `NAME=${NAME:-value}` words give the environment, `--flag` words Node's flags.
 */
export function productionLaunch(): Launch {
  const manifest = JSON.parse(readFileSync(join(repoDir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const script = manifest.scripts.serve ?? '';
  if (manifest.scripts.start !== script) {
    throw new Error(`The root package.json's serve script is not equal to start: ${script}`);
  }
  return parseLaunch(script);
}

/**
 * The environment and Node flags of a `NAME=${NAME:-value} NAME=value … node --flag … entry.js` script:
 * assignments before `node` (a `${NAME:-value}` default counts as its value), flags between `node` and
 * the entry file.
 */
export function parseLaunch(script: string): Launch {
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error(`Not a "… node … server.js" script: ${script}`);
  const launch: Launch = { env: {}, nodeArgs: [] };
  for (const word of words.slice(0, node)) {
    const assignment = /^(\w+)=(?:\$\{\1:-([^}]*)\}|([^$]*))$/.exec(word);
    const name = assignment?.[1];
    const value = assignment?.[2] ?? assignment?.[3];
    if (name === undefined || value === undefined) throw new Error(`Cannot read "${word}" in: ${script}`);
    launch.env[name] = value;
  }
  for (const word of words.slice(node + 1)) {
    if (!word.startsWith('-')) break;
    launch.nodeArgs.push(word);
  }
  return launch;
}
