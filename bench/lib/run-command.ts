import { type ChildProcess, fork, spawn } from 'node:child_process';
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
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    inheritOutput?: boolean;
    stdoutFile?: string;
    /** Started by the small helper process (command-helper.mjs): for peers whose time is measured. */
    fromHelper?: boolean;
  } = {},
): Promise<CommandResult> {
  if (options.fromHelper) return fromHelper(command, args, options);
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

let helper: ChildProcess | undefined;
const waiting = new Map<number, { resolve: (r: CommandResult) => void; reject: (e: Error) => void }>();
let nextId = 1;

/** runCommand through command-helper.mjs, started once (without tsx, so that it stays small). */
function fromHelper(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; stdoutFile?: string },
): Promise<CommandResult> {
  if (!helper?.connected) {
    const child = fork(new URL('./command-helper.mjs', import.meta.url), [], {
      execArgv: [],
      stdio: 'inherit',
    });
    child.on('message', (message: { id: number; result?: CommandResult; error?: string }) => {
      const job = waiting.get(message.id);
      waiting.delete(message.id);
      // Idle, the helper must not keep the benchmark alive.
      if (waiting.size === 0) child.channel?.unref();
      if (message.result) job?.resolve(message.result);
      else job?.reject(new Error(message.error));
    });
    child.on('exit', () => {
      for (const job of waiting.values()) job.reject(new Error('the command helper stopped'));
      waiting.clear();
    });
    child.unref();
    child.channel?.unref();
    helper = child;
  }
  const id = nextId++;
  const { cwd, env = process.env, stdoutFile } = options;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    helper?.channel?.ref();
    helper?.send({ id, command, args, cwd, env, stdoutFile });
  });
}
