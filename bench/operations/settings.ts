import { numberFromEnv } from '../lib/env.js';

/** The operations benchmark's settings (README.md): shorter windows than the resize benchmark, as there are many cells. */
export const settings = {
  warmupMs: numberFromEnv('BENCH_OPS_WARMUP_SECONDS', 1) * 1000,
  durationMs: numberFromEnv('BENCH_OPS_SECONDS', 5) * 1000,
  /** Rounds per concurrency, every tool once per round; each cell keeps its fastest (lib/rounds.ts). */
  rounds: numberFromEnv('BENCH_OPS_ROUNDS', 3, { integer: true }),
  port: numberFromEnv('BENCH_OPS_PORT', 3420, { integer: true }),
  /**
   * Only the cases whose name contains this text, or of this group (BENCH_OPS_ONLY=csv, =images);
   * several separated by "|" (BENCH_OPS_ONLY='CSV → JSON|base64 decode').
   */
  only: process.env.BENCH_OPS_ONLY ?? '',
} as const;
