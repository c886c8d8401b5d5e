import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to completion and collects its output; never throws for a non-zero exit. With
 * `stdoutFile` the standard output goes straight to that file, as a shell's `> file` would send it
 * (a program timed by a benchmark is not slowed by this process reading and decoding its output).
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; inheritOutput?: boolean; stdoutFile?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const fd = options.stdoutFile === undefined ? undefined : openSync(options.stdoutFile, 'w');
    const output = options.inheritOutput ? 'inherit' : 'pipe';
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', fd ?? output, output],
    });
    if (fd !== undefined) closeSync(fd);
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The first line a `--version`-style command prints, or undefined when it cannot run. */
export async function versionLine(command: string, args: readonly string[]): Promise<string | undefined> {
  try {
    const result = await runCommand(command, args);
    const line = `${result.stdout}\n${result.stderr}`.split('\n').find((l) => l.trim() !== '');
    return line?.trim();
  } catch {
    return undefined;
  }
}
