import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, vi } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import {
  platformProvocations,
  startPlatformServers,
  stopPlatformServers,
} from './helpers/error-cases-platform.js';
import { provokeRows } from './helpers/error-table.js';

/*
 * The rows every endpoint shares (408, 429, 500, 503 busy and 503 timeout), each provoked on a
 * server configured to cause it (documented-errors.test.ts checks every row has its provocation).
 */

// Most cases wait (for a stall to be noticed, for a deadline): they wait side by side.
vi.setConfig({ maxConcurrency: 24 });

let servers: Record<string, FastifyInstance> = {};
beforeAll(async () => {
  servers = await startPlatformServers();
}, 30_000);
afterAll(async () => {
  await stopPlatformServers(servers);
  await closeWorkerPool();
}, 30_000);

describe('errors every endpoint shares, provoked', () => {
  provokeRows(platformProvocations, () => ({ app: servers.stalls as FastifyInstance, ...servers }));
});
