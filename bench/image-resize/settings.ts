import { join } from 'node:path';
import { fixtureDir } from '../lib/paths.js';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}".`);
  return value;
}

/** What the resize benchmark does; every figure can be changed by environment variable (README.md). */
export const settings = {
  photo: join(fixtureDir, 'photo_elephants_3840x2160.jpg'),
  targetWidth: 1024,
  quality: 85,
  concurrencies: (process.env.BENCH_CONCURRENCY ?? '1,2,8,32').split(',').map((c) => Number(c.trim())),
  warmupMs: numberFromEnv('BENCH_WARMUP_SECONDS', 3) * 1000,
  durationMs: numberFromEnv('BENCH_SECONDS', 15) * 1000,
  /** Clients uploading ~10 MB images at once for the memory target. */
  memoryClients: 32,
  port: numberFromEnv('BENCH_PORT', 3400),
  targets: {
    httpVsSharpAtTwo: 0.9,
    httpVsImageMagick: 2,
    peakRssBytes: 400e6,
  },
} as const;
