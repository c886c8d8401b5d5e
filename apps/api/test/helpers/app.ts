import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { configureWorkerPool } from '../../src/runtime/worker-pool.js';
import { imageForm } from './form.js';

/** A folder that does not exist (and is never created): by default tests run without a website build. */
const noWebRoot = join(tmpdir(), `api-test-no-web-build-${randomUUID()}`);

/** A configuration for tests: silent logs, no web build, a rate limit that never trips. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    LOG_LEVEL: 'silent',
    WEB_ROOT: noWebRoot,
    RATE_LIMIT_MAX: '1000000',
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

export async function makeApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env));
  await app.ready();
  return app;
}

/**
 * An app whose time limits (the request's and the worker tasks') are ten minutes away, for tests of
 * large inputs that are not about those limits: a crowded machine slows them instead of failing them
 * with 503 TIMEOUT. Call it before the file's first worker task (the pool takes its limit then).
 */
export function makeUnhurriedApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  configureWorkerPool({ timeoutMs: 600_000 });
  return makeApp({ REQUEST_TIMEOUT_MS: '600000', ...env });
}

/** POSTs an image with fields to an /api/v1 path through app.inject. */
export function postImage(
  app: FastifyInstance,
  path: string,
  data: Buffer,
  fields: Record<string, string | number | boolean> = {},
  filename = 'upload.bin',
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = imageForm(data, fields, filename);
  return app.inject({ method: 'POST', url: `/api/v1${path}`, payload, headers, ...extra });
}

/** Decoded facts about a response body. */
export async function decoded(body: Buffer): Promise<Metadata> {
  return sharp(body).metadata();
}

/**
 * Asserts a contract error: status, JSON type, exactly {success, message, code[, details]}, the
 * code and the message (exact string, or a pattern). Returns the body.
 */
export function expectError(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  code: string,
  message: string | RegExp,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as { success: boolean; message: string; code: string; details?: unknown };
  expect(Object.keys(body).sort()).toEqual(
    body.details ? ['code', 'details', 'message', 'success'] : ['code', 'message', 'success'],
  );
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}

/** Asserts a 429 with the contract's message and the rate-limit headers. */
export function expectRateLimited(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  max: number,
) {
  const pattern = new RegExp(`^Too many requests: the limit is ${max} per 60 s\\. Try again in \\d+ s\\.$`);
  expectError(response, 429, 'RATE_LIMITED', pattern);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.headers['ratelimit-limit']).toBe(String(max));
  expect(response.headers['ratelimit-remaining']).toBe('0');
  expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
}
