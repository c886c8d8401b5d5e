import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import Piscina from 'piscina';
import { OperationError } from '../operations/errors.js';
import type { TaskReply, TaskRequest, TaskTable } from '../workers/task-table.js';
import type { Tasks } from '../workers/tasks/index.js';
import { currentLane } from './lanes.js';
import { heavyNice } from './priority.js';

export interface WorkerPoolOptions {
  /** Worker threads at most (CPU-bound JavaScript: about one per core). */
  threads: number;
  /** Tasks that may wait for a thread; one more is refused at once with OVERLOADED. */
  maxQueue: number;
  /** Time one task may run before its worker is terminated (and replaced). */
  timeoutMs: number;
  /** Heap of one worker; a document that needs more fails alone instead of taking the server down. */
  maxHeapMb: number;
  /**
   * Young generation of one worker. Parsing megabytes makes short-lived garbage by the hundred MB:
   * with V8's default (~16 MB) it is collected every few milliseconds, and two workers collecting at
   * once contend for the cores. 96 MB: a half of a 9.5 MB CSV → JSON 18–22% faster with two workers
   * at once (median of 48 runs each, interleaved).
   */
  youngHeapMb: number;
  /** Nice value of the pool's threads (priority.ts): the heavy pool's yield to the light lane. */
  nice?: number;
}

export interface RunOptions {
  /** Aborted when the request is given up (deadline, client gone): the task stops with its worker. */
  signal?: AbortSignal;
  /** Overrides the pool's time limit for this task. */
  timeoutMs?: number;
  /** Buffers handed to the worker without a copy (they become unusable here). */
  transfer?: ArrayBuffer[];
}

type InputOf<T extends TaskTable, K extends keyof T> = Parameters<T[K]>[0];
type OutputOf<T extends TaskTable, K extends keyof T> = Awaited<ReturnType<T[K]>>;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Resolves once every thread has exited (a thread that is no longer running has threadId -1). */
function ended(threads: readonly Worker[]): Promise<unknown> {
  return Promise.all(
    threads.map((thread) =>
      thread.threadId === -1 ? undefined : new Promise((resolve) => thread.once('exit', resolve)),
    ),
  );
}

/**
 * A bounded pool of worker threads for CPU-heavy JavaScript (parsing megabytes of CSV, XML, YAML,
 * word segmentation, PDF text), so the event loop keeps answering while it runs. A task that
 * outlives its time limit, or whose request is given up, has its worker terminated: a thread stuck
 * in a pathological parse cannot be interrupted any other way, and piscina starts a fresh one.
 *
 * @example await pool.run('data.csv-to-json', { text, options }, { signal })
 */
export class WorkerPool<T extends TaskTable> {
  readonly #pool: Piscina<TaskRequest, TaskReply>;
  readonly #options: WorkerPoolOptions;
  #running = 0;

  constructor(entry: URL, options: WorkerPoolOptions) {
    this.#options = options;
    // Under tsx or vitest the entry is TypeScript source, which a bare worker thread cannot load.
    const source = entry.pathname.endsWith('.ts');
    this.#pool = new Piscina({
      filename: fileURLToPath(entry),
      maxThreads: options.threads,
      minThreads: 0,
      idleTimeout: 30_000,
      maxQueue: options.maxQueue,
      resourceLimits: {
        maxOldGenerationSizeMb: options.maxHeapMb,
        maxYoungGenerationSizeMb: options.youngHeapMb,
      },
      execArgv: source ? ['--import', 'tsx'] : [],
      workerData: { nice: options.nice ?? 0 },
    });
  }

  async run<K extends keyof T & string>(
    name: K,
    input: InputOf<T, K>,
    options: RunOptions = {},
  ): Promise<OutputOf<T, K>> {
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    const given = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
    // Our listener runs before piscina's, which terminates the task's thread and drops it from
    // `threads`: the thread that went away is the one whose end must be awaited.
    const stop = new AbortController();
    let before: readonly Worker[] = [];
    const onAbort = () => {
      before = [...this.#pool.threads];
      stop.abort(given.reason);
    };
    if (given.aborted) onAbort();
    else given.addEventListener('abort', onAbort, { once: true });
    let reply: TaskReply;
    this.#running++;
    try {
      reply = await this.#pool.run({ name, input }, { signal: stop.signal, transferList: options.transfer });
    } catch (error) {
      // The slot of the request is given back only once its thread has really stopped.
      if (stop.signal.aborted) await ended(before.filter((thread) => !this.#pool.threads.includes(thread)));
      throw this.#failure(error, deadline, timeoutMs);
    } finally {
      given.removeEventListener('abort', onAbort);
      this.#running--;
    }
    if (!reply.ok) {
      throw new OperationError(reply.error.code, reply.error.message, { field: reply.error.field });
    }
    return reply.value as OutputOf<T, K>;
  }

  #failure(error: unknown, deadline: AbortSignal, timeoutMs: number): unknown {
    const e = error as { name?: string; code?: string; message?: string };
    if (deadline.aborted) {
      return new OperationError(
        'TIMEOUT',
        `The work took longer than ${seconds(timeoutMs)} and was stopped.`,
        {
          cause: error,
        },
      );
    }
    if (e.name === 'AbortError') {
      return new OperationError('TIMEOUT', 'The request was cancelled before the work finished.', {
        cause: error,
      });
    }
    if (e.message === 'Task queue is at limit') {
      return new OperationError('OVERLOADED', 'The server is busy. Please try again in a few seconds.', {
        cause: error,
      });
    }
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new OperationError(
        'PAYLOAD_TOO_LARGE',
        `The document needs more than the ${this.#options.maxHeapMb} MB of memory one conversion may use.`,
        { cause: error },
      );
    }
    return error;
  }

  /** Threads with nothing to do: the pool's size less the tasks running or waiting. */
  get idle(): number {
    return Math.max(0, this.#options.threads - this.#running);
  }

  /** Tasks waiting for a thread. */
  get queued(): number {
    return this.#pool.queueSize;
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}

/** The worker entry next to this module: dist/worker.js in the bundle, the TypeScript source otherwise. */
function defaultEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../workers/worker.ts', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

export const defaultWorkerPoolOptions: WorkerPoolOptions = {
  threads: Math.max(1, availableParallelism()),
  maxQueue: 64,
  timeoutMs: 30_000,
  maxHeapMb: 512,
  youngHeapMb: 96,
};

/** The shared pools: `light` has threads of its own, so small jobs never wait behind heavy ones. */
type PoolName = 'heavy' | 'light';
const shared: Partial<Record<PoolName, WorkerPool<Tasks>>> = {};
let sharedOptions = defaultWorkerPoolOptions;
let lightThreads = 1;

/** Sets the shared pools' sizes and limits (from the server's configuration) before first use. */
export function configureWorkerPool(options: Partial<WorkerPoolOptions> & { lightThreads?: number }): void {
  const { lightThreads: light, ...rest } = options;
  sharedOptions = { ...sharedOptions, ...rest };
  if (light !== undefined) lightThreads = light;
}

/**
 * Runs a task of a shared pool (started on first use): the light lane's threads for work of the
 * light lane, the others otherwise. Work running in a lane (Lane.run) stops with its request.
 *
 * @example const rows = await runTask('data.csv-to-json', { text, options }, { signal })
 */
export function runTask<K extends keyof Tasks & string>(
  name: K,
  input: InputOf<Tasks, K>,
  options: RunOptions = {},
): Promise<OutputOf<Tasks, K>> {
  const lane = currentLane();
  const pool: PoolName = lane?.lane === 'light' ? 'light' : 'heavy';
  const threads = pool === 'light' ? lightThreads : sharedOptions.threads;
  const nice = pool === 'heavy' ? heavyNice() : 0;
  shared[pool] ??= new WorkerPool<Tasks>(defaultEntry(), { ...sharedOptions, threads, nice });
  const signals = [options.signal, lane?.signal].filter((signal) => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  return (shared[pool] as WorkerPool<Tasks>).run(name, input, { ...options, ...(signal ? { signal } : {}) });
}

/** Stops the shared pools' threads (server shutdown, end of a test file). */
export async function closeWorkerPool(): Promise<void> {
  const pools = [shared.heavy, shared.light];
  delete shared.heavy;
  delete shared.light;
  await Promise.all(pools.map((pool) => pool?.close()));
}
