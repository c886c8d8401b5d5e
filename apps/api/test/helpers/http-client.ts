import { type ErrorCode, errorCodes } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { closeWorkerPool } from '../../src/runtime/worker-pool.js';
import { makeApp } from './app.js';
import { form } from './form.js';
import { listenOnFreePort } from './listen.js';

/** An answer read whole: status, headers and body as text. */
export interface Answer {
  status: number;
  type: string;
  text: string;
}

async function read(res: Response): Promise<Answer> {
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** POSTs a JSON body (a value, or text sent as it is) to an /api/v1 path of a listening server. */
export async function sendJson(base: string, path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return read(res);
}

/** POSTs `data` as the file of `field` (default "file") with text fields, as a browser's form does. */
export async function sendFile(
  base: string,
  path: string,
  data: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  field = 'file',
): Promise<Answer> {
  const body = form([
    { name: field, filename, data },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: body.headers,
    body: new Uint8Array(body.payload),
  });
  return read(res);
}

/**
 * Asserts the contract's JSON error: the status, its code (whose status the catalog fixes), and
 * the message (exact, or a pattern). Returns the body.
 */
export function expectContractError(
  answer: Answer,
  status: number,
  code: ErrorCode,
  message?: string | RegExp,
): { success: false; code: string; message: string; details?: { field: string; message: string }[] } {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.type).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text);
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(errorCodes[code].status).toBe(status);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** The server still answers its health check. */
export async function expectHealthy(base: string): Promise<void> {
  const res = await fetch(`${base}/api/v1/health`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { status: string }).status).toBe('ok');
}

/**
 * A server listening on a free port for the tests of one file (started before them, closed after
 * with the worker pool); its address is `server.base` once they run.
 */
export function listeningServer(): { base: string } {
  const server = { base: '' };
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await makeApp();
    server.base = await listenOnFreePort(app);
  });
  afterAll(async () => {
    await app?.close();
    await closeWorkerPool();
  });
  return server;
}
