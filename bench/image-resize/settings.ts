import { join } from 'node:path';
import { listFromEnv, numberFromEnv } from '../lib/env.js';
import { fixtureDir } from '../lib/paths.js';

/** What the resize benchmark does; every figure can be changed by environment variable (README.md). */
export const settings = {
  photo: join(fixtureDir, 'photo_elephants_3840x2160.jpg'),
  targetWidth: 1024,
  quality: 85,
  concurrencies: listFromEnv('BENCH_CONCURRENCY', '1,2,8,32').map(Number),
  warmupMs: numberFromEnv('BENCH_WARMUP_SECONDS', 3) * 1000,
  durationMs: numberFromEnv('BENCH_SECONDS', 10) * 1000,
  /**
   * Each concurrency's cells are measured this many times, round after round (every tool once per
   * round), and each cell keeps its fastest round: this machine has slow stretches that no process
   * shows (the hypervisor's), lasting seconds to minutes, and one in any cell used to decide a verdict.
   */
  rounds: numberFromEnv('BENCH_ROUNDS', 3, { integer: true }),
  /** Clients uploading ~10 MB images at once for the memory target. */
  memoryClients: 32,
  port: numberFromEnv('BENCH_PORT', 3400, { integer: true }),
  /** A cell during which other processes used more than this much CPU (% of a core) is measured again… */
  maxOtherCpuPercent: numberFromEnv('BENCH_MAX_OTHER_CPU', 30),
  /** …up to this many times in all, keeping the cleanest. */
  attempts: numberFromEnv('BENCH_ATTEMPTS', 3, { integer: true }),
  targets: {
    httpVsCeiling: 0.9,
    httpVsImageMagick: 2,
    peakRssBytes: 400e6,
  },
} as const;
