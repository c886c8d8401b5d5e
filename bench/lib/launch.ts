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
  const words = script.trim().split(/\s+/);
  if (!words.includes('node') || manifest.scripts.start !== script) {
    throw new Error(
      `The root package.json's serve script is not "… node … server.js" equal to start: ${script}`,
    );
  }
  const launch: Launch = { env: {}, nodeArgs: [] };
  for (const word of words) {
    const assignment = /^(\w+)=\$\{\1:-([^}]*)\}$/.exec(word);
    if (assignment?.[1] !== undefined && assignment[2] !== undefined)
      launch.env[assignment[1]] = assignment[2];
    else if (word.startsWith('--')) launch.nodeArgs.push(word);
  }
  return launch;
}
