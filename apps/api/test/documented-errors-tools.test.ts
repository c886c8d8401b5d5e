import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { makeApp } from './helpers/app.js';
import { startToolServers, toolProvocations } from './helpers/error-cases-tools.js';
import { provokeRows } from './helpers/error-table.js';

/*
 * The rows a tool documents of its own (`api.errors` in its catalog entry), provoked with the input
 * (or the setting) that causes each (documented-errors.test.ts checks every row has its provocation).
 */

let servers: Record<string, FastifyInstance> = {};
beforeAll(async () => {
  const [app, others] = await Promise.all([makeApp(), startToolServers()]);
  servers = { app, ...others };
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((app) => app.close()));
  // The long PDF's reading stops with its request; its threads go before the test's folder does.
  await closeWorkerPool();
});

describe("tools' own errors, provoked", () => {
  provokeRows(toolProvocations, () => ({ app: servers.app as FastifyInstance, ...servers }));
});
