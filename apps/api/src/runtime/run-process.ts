import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { ProcessOptions, ProcessResult, Programs } from '../operations/engines.js';
import { OperationError } from '../operations/errors.js';
import { JobSlots } from './job-slots.js';
import { lowerProcess } from './priority.js';

export type { ProcessOptions, ProcessResult };

const stderrKeptBytes = 64 * 1024;

/** SIGKILL to the whole group: converters start helpers (soffice.bin, ffmpeg's threads) that must die too. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs an external program in its own process group with no standard input (its data, if any, on
 * descriptor 3: `input`), a time limit and an abort signal; on either, the group is killed and the
 * promise rejects only once the program has exited, so nothing keeps a core busy after its request
 * has been answered. Resolves whatever the exit code: the caller knows what a failure of its
 * program means.
 *
 * @example const { code, stderr } = await runProcess('ffmpeg', ['-nostdin', '-i', input, output], { timeoutMs: 60_000, signal })
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: ProcessOptions,
): Promise<ProcessResult> {
  const maxOutput = options.maxOutputBytes ?? 64 * 1024 * 1024;
  return new Promise<ProcessResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new OperationError('TIMEOUT', 'The request was cancelled before the work started.'));
      return;
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: OperationError | Error | undefined;

    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: options.input ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    });
    lowerProcess(child.pid);
    const stop = (why: OperationError | Error) => {
      failure ??= why;
      killGroup(child.pid);
    };
    const timer = setTimeout(
      () =>
        stop(
          new OperationError(
            'TIMEOUT',
            `The conversion took longer than ${Math.round(options.timeoutMs / 100) / 10} s and was stopped.`,
          ),
        ),
      options.timeoutMs,
    );
    const onAbort = () =>
      stop(new OperationError('TIMEOUT', 'The request was cancelled before the work finished.'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    if (options.input) {
      const feed = child.stdio[3] as Writable;
      // EPIPE when the program stops reading early (a refused duration, a damaged file).
      feed.on('error', () => undefined);
      feed.end(options.input);
    }
    child.stdout?.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
      if (stdoutBytes > maxOutput) {
        stop(new OperationError('PAYLOAD_TOO_LARGE', 'The result would be larger than the server allows.'));
        return;
      }
      stdout.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-stderrKeptBytes);
      const refusal = options.watchStderr?.(stderr);
      if (refusal) stop(refusal);
    });
    child.on('error', stop);
    child.on('close', (code) => {
      // The leader may exit while its children still run: make sure the group is gone.
      killGroup(child.pid);
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

/**
 * Bounds how many runs of one program happen at once (each converter takes a core and hundreds of
 * megabytes); later ones wait their turn.
 */
export class ProcessSlots {
  readonly #slots: JobSlots;

  constructor(size: number) {
    this.#slots = new JobSlots(Math.max(1, size));
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.#slots.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/**
 * A private temporary folder for `fn`, removed with everything in it whatever happens.
 *
 * @example await withTempDir('audio-', async (dir) => convert(join(dir, 'in'), join(dir, 'out.mp3')))
 */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `toolkit-${prefix}`));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * External programs as operations are handed them: each in its own process group, with a time
 * limit and a kill; with `slots`, at most that many at once (the limiter of an engine whose programs
 * run in a lane shared with other work, such as LibreOffice in the workers lane).
 */
export function programs(slots?: ProcessSlots): Programs {
  return {
    run: (path, args, options) =>
      slots ? slots.run(() => runProcess(path, args, options)) : runProcess(path, args, options),
    withTempDir,
  };
}
