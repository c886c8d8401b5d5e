import type { OperationError } from './errors.js';

/*
 * The engines an operation may be handed by the lane that runs it: operations never reach for the
 * runtime themselves (apps/api/README.md, "Layout"), so one operation is tested with a fake engine
 * and served with the real one, the same way for every tool.
 */

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

/** External programs, handed to an operation (runtime/run-process.ts makes them). */
export interface Programs {
  /** Runs `path` with `args`; resolves whatever the exit code (the caller knows what failed). */
  run(path: string, args: string[], options: ProcessOptions): Promise<ProcessResult>;
  /** A private temporary folder for `work`, removed whatever happens. */
  withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T>;
}
