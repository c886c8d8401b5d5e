import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion and collects its output; never throws for a non-zero exit. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; inheritOutput?: boolean } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: [
        'ignore',
        options.inheritOutput ? 'inherit' : 'pipe',
        options.inheritOutput ? 'inherit' : 'pipe',
      ],
    });
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
