import { access, constants } from 'node:fs/promises';
import { runCommand } from './run-command.js';

/** A program the benchmark needs and the Debian package that ships it. */
export interface DebianTool {
  pkg: string;
  /** Absolute paths it may have, best first (absolute on purpose: a fake `convert` is earlier on PATH). */
  candidates: readonly string[];
  /** A shared library rather than a program: it only has to be readable. */
  library?: boolean;
}

async function isUsable(path: string, library = false): Promise<boolean> {
  try {
    await access(path, library ? constants.R_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function firstUsable({ candidates, library }: DebianTool): Promise<string | undefined> {
  for (const path of candidates) if (await isUsable(path, library)) return path;
  return undefined;
}

/**
 * Returns the path of each tool, installing the Debian packages of the missing ones with apt-get.
 */
export async function ensureDebianTools(tools: readonly DebianTool[]): Promise<string[]> {
  const found = await Promise.all(tools.map((tool) => firstUsable(tool)));
  const missing = [...new Set(tools.filter((_, i) => found[i] === undefined).map((tool) => tool.pkg))];
  if (missing.length > 0) {
    console.log(`Installing Debian packages: ${missing.join(', ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = await runCommand('apt-get', ['update', '-q'], { env, inheritOutput: true });
    if (update.code !== 0) throw new Error('apt-get update failed; run it by hand (as root) and try again.');
    const install = await runCommand(
      'apt-get',
      ['install', '-y', '-q', '--no-install-recommends', ...missing],
      {
        env,
        inheritOutput: true,
      },
    );
    if (install.code !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed.`);
  }
  const paths: string[] = [];
  for (const tool of tools) {
    const path = await firstUsable(tool);
    if (path === undefined)
      throw new Error(`None of ${tool.candidates.join(', ')} exists after installing ${tool.pkg}.`);
    paths.push(path);
  }
  return paths;
}
