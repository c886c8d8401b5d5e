import os from 'node:os';
import { defaultImageLimits } from '../../../apps/api/src/operations/image/limits.js';
import { configureImageRuntime } from '../../../apps/api/src/operations/image/runtime.js';

/**
 * The settings an in-process image cell runs with (BENCH_VARIANT): `server` is exactly what the
 * server does at start (apps/api/src/server.ts: cores ÷ UV_THREADPOOL_SIZE libvips threads per
 * image, operation cache off); `defaults` leaves sharp as it comes.
 */
if (process.env.BENCH_VARIANT === 'server') {
  const pool = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  configureImageRuntime({ concurrency: Math.max(1, Math.floor(os.cpus().length / pool)) });
}

export const limits = defaultImageLimits;
