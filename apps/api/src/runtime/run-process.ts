import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobSlots } from '../http/job-slots.js';
import { OperationError } from '../operations/errors.js';
import { type Spawned, spawnFromHelper, spawnHere } from './spawner.js';

export interface ProcessOptions {
  /** Time the program may run; then its whole process group is killed. */
  timeoutMs: number;
  /** Aborted when the request is given up: the program is killed the same way. */
  signal?: AbortSignal;
  cwd?: string;
  /** Environment of the program (default: the server's). */
  env?: NodeJS.ProcessEnv;
  /** Standard output kept in memory at most; a program that writes more is killed. Default 64 MB. */
  maxOutputBytes?: number;
  /**
   * Bytes the program reads from file descriptor 3 (ffmpeg's `pipe:3`), written and closed at the
   * start; standard input stays closed. A program that exits before reading them all is no error.
   */
  input?: Uint8Array;
  /**
   * Fork from the small spawn helper instead of this process (spawner.ts): a few milliseconds less
   * per run from a large server, for short jobs whose output is small (it travels over IPC).
   */
  fromHelper?: boolean;
  /**
   * The program reads its whole job from `input` (no path of this job in `args`): the next run of
   * the same command line is started ahead and waits, so that it skips the start-up (spawner.ts).
   */
  warm?: boolean;
  /**
   * Reads standard error as it arrives (the kept tail so far); a failure it returns stops the
   * program at once (its group killed) and is what the run rejects with. For refusing early on
   * what a program prints first, such as ffmpeg's input duration.
   */
  watchStderr?: (stderr: string) => OperationError | undefined;
}

export interface ProcessResult {
  /** Exit code; null when a signal ended it. */
  code: number | null;
  stdout: Buffer;
  /** The last 64 KB of standard error, for logs and parsing (e.g. ffmpeg's duration); never for clients. */
  stderr: string;
}

const stderrKeptBytes = 64 * 1024;

/**
 * Runs an external program in its own process group with no standard input (its data, if any, on
 * descriptor 3: `input`), a time limit and an
 * abort signal; on either, the group is killed before the promise rejects, so nothing keeps a core
 * busy after its request has been answered. Resolves whatever the exit code: the caller knows what
 * a failure of its program means.
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
    let child: Spawned | undefined;

    const stop = (why: OperationError | Error) => {
      failure ??= why;
      child?.kill();
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

    const start = options.fromHelper ? spawnFromHelper : spawnHere;
    const { cwd, env, input, warm } = options;
    const request = { command, args, cwd, env, input, warm };
    child = start(request, {
      stdout: (chunk) => {
        stdoutBytes += chunk.byteLength;
        if (stdoutBytes > maxOutput) {
          stop(new OperationError('PAYLOAD_TOO_LARGE', 'The result would be larger than the server allows.'));
          return;
        }
        stdout.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      },
      stderr: (chunk) => {
        stderr = (
          stderr + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8')
        ).slice(-stderrKeptBytes);
        const refusal = options.watchStderr?.(stderr);
        if (refusal) stop(refusal);
      },
      error: (error) => stop(error),
      close: (code) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        if (failure) reject(failure);
        else resolve({ code, stdout: Buffer.concat(stdout), stderr });
      },
    });
    // A failure before the start returned (a refusal in the first output) could not reach it.
    if (failure) child.kill();
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
