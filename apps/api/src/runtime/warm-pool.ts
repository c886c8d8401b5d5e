import type { ChildProcess } from 'node:child_process';

export interface WarmPoolOptions {
  /** Started programs kept waiting at most (the oldest is stopped to make room). */
  limit: number;
  /** A program nobody has taken after this long is stopped. */
  idleMs: number;
  /** Stops a program that is let go (its whole process group). */
  kill: (child: ChildProcess) => void;
}

interface Waiting {
  child: ChildProcess;
  timer: NodeJS.Timeout;
  onExit: () => void;
}

/** Handles of a child's pipes that can be unref'd, so that a waiting program never keeps a process alive. */
function handles(child: ChildProcess): { ref(): void; unref(): void }[] {
  const streams = child.stdio.filter(
    (stream): stream is NonNullable<typeof stream> & { ref(): void; unref(): void } =>
      typeof (stream as { unref?: unknown } | null)?.unref === 'function',
  );
  return [child, ...streams];
}

/**
 * Programs started ahead of their job: after a run of a command line that reads its whole job from
 * descriptor 3, the next run of the same command line is started at once and waits, blocked on that
 * descriptor, so the request that needs it skips the fork, the exec and the program's own start-up
 * (0.8–1.7 ms of a 13–16 ms ffmpeg conversion of a 0.4 s clip, bench/RESULTS.md). Keyed by everything the program was started
 * with; at most `limit` wait at once, each for `idleMs` at most; while waiting they hold no reference
 * on the event loop. A waiting program whose parent goes away sees its descriptor 3 closed and ends.
 */
export class WarmPool {
  readonly #waiting = new Map<string, Waiting>();
  readonly #options: WarmPoolOptions;

  constructor(options: WarmPoolOptions) {
    this.#options = options;
  }

  /** The waiting program started for `key`, now the caller's (references restored), if one is alive. */
  take(key: string): ChildProcess | undefined {
    const waiting = this.#waiting.get(key);
    if (!waiting) return undefined;
    const { child } = waiting;
    // Ended, but its exit event not delivered yet: let it go like any other.
    if (child.exitCode !== null || child.signalCode !== null) {
      this.#discard(key, waiting);
      return undefined;
    }
    this.#forget(key, waiting);
    for (const handle of handles(child)) handle.ref();
    return child;
  }

  /** Keeps `start()`'s program waiting under `key`, unless one already waits there. */
  fill(key: string, start: () => ChildProcess): void {
    if (this.#waiting.has(key) || this.#options.limit < 1) return;
    while (this.#waiting.size >= this.#options.limit) {
      const [oldestKey, oldest] = this.#waiting.entries().next().value as [string, Waiting];
      this.#discard(oldestKey, oldest);
    }
    const child = start();
    for (const handle of handles(child)) handle.unref();
    const waiting: Waiting = {
      child,
      onExit: () => this.#discard(key, waiting),
      timer: setTimeout(() => this.#discard(key, waiting), this.#options.idleMs),
    };
    waiting.timer.unref();
    child.once('exit', waiting.onExit);
    // A program that cannot start at all reports an error, and so will the next, started for its job.
    child.once('error', waiting.onExit);
    this.#waiting.set(key, waiting);
  }

  /** Stops every waiting program (the process is about to end). */
  clear(): void {
    for (const [key, waiting] of this.#waiting) this.#discard(key, waiting);
  }

  get size(): number {
    return this.#waiting.size;
  }

  /** Lets a waiting program go: stopped, its pipes closed (nobody will read what they hold). */
  #discard(key: string, waiting: Waiting): void {
    if (!this.#forget(key, waiting)) return;
    this.#options.kill(waiting.child);
    for (const stream of waiting.child.stdio) stream?.destroy();
  }

  /** Removes `waiting` from the pool; false when it was no longer there. */
  #forget(key: string, waiting: Waiting): boolean {
    if (this.#waiting.get(key) !== waiting) return false;
    this.#waiting.delete(key);
    clearTimeout(waiting.timer);
    waiting.child.off('exit', waiting.onExit);
    waiting.child.off('error', waiting.onExit);
    return true;
  }
}
