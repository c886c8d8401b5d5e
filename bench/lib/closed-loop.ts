import { percentile } from './stats.js';
import { systemCpuPercent, systemCpuTicks } from './system-cpu.js';

export interface LoadOptions {
  concurrency: number;
  /** Warm-up lasts at least this long, and until every worker has finished one operation. */
  warmupMs: number;
  /**
   * …and until this many operations have finished in all (default 0): a server that runs work on
   * threads of its own (the worker pool) has each of them compile the code on its first task.
   */
  minWarmupOps?: number;
  /** The measured window: at least this long, and until `minCompleted` operations have finished in it. */
  durationMs: number;
  /** Operations that must finish inside the window (default 3), up to 12 × `durationMs`. */
  minCompleted?: number;
  /** Called once when the measured window opens and once when it closes (to read memory, CPU …). */
  onWindowStart?: () => Promise<void> | void;
  onWindowEnd?: () => Promise<void> | void;
}

export interface LoadResult {
  concurrency: number;
  /** Successful operations that finished inside the measured window. */
  completed: number;
  /** Failed operations that finished inside the measured window. */
  errors: number;
  /** Up to five distinct error messages seen at any time, to say what went wrong. */
  errorSamples: string[];
  windowMs: number;
  imagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** CPU the whole machine used during the window, in percent of one core (to spot interference). */
  systemCpuPercent: number | undefined;
}

/**
 * A closed-loop load: `concurrency` workers each run `operation` back to back. Figures come only from
 * the window after warm-up (operations finishing inside it); workers stop starting new operations at
 * the end of the window and the in-flight ones are awaited but not counted.
 */
export async function runClosedLoop(
  options: LoadOptions,
  operation: (worker: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const errorSamples = new Set<string>();
  let errors = 0;
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  let stopping = false;
  let systemAtStart: ReturnType<typeof systemCpuTicks>;
  let systemAtEnd: ReturnType<typeof systemCpuTicks>;
  const finishedOnce = new Array<boolean>(options.concurrency).fill(false);
  let finished = 0;
  const started = performance.now();

  const worker = async (index: number): Promise<void> => {
    while (!stopping) {
      const t0 = performance.now();
      let failure: string | undefined;
      try {
        await operation(index);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      const t1 = performance.now();
      finishedOnce[index] = true;
      finished += 1;
      if (failure !== undefined && errorSamples.size < 5) errorSamples.add(failure);
      // A failure can come back at once (nothing listening): yield to timers so the clock still runs.
      if (failure !== undefined) await new Promise((resolve) => setTimeout(resolve, 10));
      if (t1 < windowStart || t1 > windowEnd) continue;
      if (failure === undefined) latencies.push(t1 - t0);
      else errors += 1;
    }
  };

  const clock = (async () => {
    while (
      performance.now() - started < options.warmupMs ||
      finishedOnce.includes(false) ||
      finished < (options.minWarmupOps ?? 0)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await options.onWindowStart?.();
    systemAtStart = systemCpuTicks();
    windowStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.durationMs));
    const minCompleted = options.minCompleted ?? 3;
    while (
      latencies.length + errors < minCompleted &&
      performance.now() - windowStart < 12 * options.durationMs
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    windowEnd = performance.now();
    stopping = true;
    systemAtEnd = systemCpuTicks();
    await options.onWindowEnd?.();
  })();

  await Promise.all([clock, ...Array.from({ length: options.concurrency }, (_, i) => worker(i))]);
  const windowMs = windowEnd - windowStart;
  return {
    concurrency: options.concurrency,
    completed: latencies.length,
    errors,
    errorSamples: [...errorSamples],
    windowMs,
    // Little's law for a closed loop (throughput = clients ÷ mean latency): unlike counting what
    // finished in the window, it is not rounded to whole operations when each takes a second or more.
    imagesPerSecond: latencies.length ? (options.concurrency * 1000 * latencies.length) / sum(latencies) : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    meanMs: sum(latencies) / Math.max(1, latencies.length),
    systemCpuPercent: systemCpuPercent(systemAtStart, systemAtEnd),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}
