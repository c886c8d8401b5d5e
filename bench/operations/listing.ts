import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../lib/run-command.js';

/**
 * Runs an independent reader (unzip, tar, pdftotext…) on an output held in memory: the bytes go to
 * a temporary file named `name`, the reader's standard output comes back.
 */
export async function readWith(
  bytes: Buffer,
  name: string,
  command: (path: string) => string[],
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-read-'));
  try {
    const path = join(dir, name);
    await writeFile(path, bytes);
    const [program, ...args] = command(path);
    if (program === undefined) throw new Error('empty command');
    const result = await runCommand(program, args);
    if (result.code !== 0) throw new Error(`${program} failed: ${result.stderr.slice(0, 200)}`);
    return result.stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
