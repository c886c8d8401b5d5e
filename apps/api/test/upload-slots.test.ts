import { Agent, request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { imageForm } from './helpers/form.js';
import { listenOnFreePort } from './helpers/listen.js';
import { parseReply, type RawExchange, stalledUpload } from './helpers/raw-socket.js';

/*
 * Slow clients must not starve the others: over real sockets, uploads that stall hold the only
 * upload slot; the next request gets a quick 503 (the wait is bounded in time and length), and a
 * stalled upload is itself ended with 408 once it has been idle long enough.
 */

const cat = fixture('images/chelsea_cat_451x300.png');
const path = '/api/v1/images/resize';

let app: FastifyInstance | undefined;
const sockets: RawExchange[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.socket.destroy();
  await app?.close();
  app = undefined;
});

async function serve(env: Record<string, string>): Promise<string> {
  app = await makeApp({ LANE_IMAGES_CONCURRENCY: '1', ...env });
  return listenOnFreePort(app);
}

/** A stalled upload that has reached the server (sent, and given the server a moment to see it). */
async function stall(base: string): Promise<RawExchange> {
  const exchange = stalledUpload(base, path);
  sockets.push(exchange);
  await exchange.sent;
  await new Promise((resolve) => setTimeout(resolve, 200));
  return exchange;
}

interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
  /** Whether the request went over a connection an earlier request had used. */
  reused: boolean;
}

/** A resize of the cat to 45 px wide, over `agent` (by default a connection of its own). */
function resize(base: string, agent: Agent | false = false): Promise<Reply> {
  const { payload, headers } = imageForm(cat, { width: 45 }, 'cat.png');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(res.headers as Record<string, string>),
          body: Buffer.concat(chunks),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectResized(response: Reply) {
  expect(response.status).toBe(200);
  const meta = await sharp(response.body).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 45, 30]);
}

function expectBusy(response: Reply) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  expect(JSON.parse(response.body.toString())).toEqual({
    success: false,
    message: 'The server is busy. Please try again in a few seconds.',
    code: 'OVERLOADED',
  });
}

describe('upload slots under slow clients', () => {
  it('answers 503 with Retry-After when no upload slot frees up within the wait', async () => {
    const base = await serve({ UPLOAD_QUEUE_TIMEOUT_MS: '300', UPLOAD_IDLE_TIMEOUT_MS: '60000' });
    const slow = await stall(base);
    // One keep-alive connection for both requests: after a 503 sent before its body was read,
    // the body is drained and the connection serves the next request (no reset).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expectBusy(await resize(base, agent));
    // The slot is the stalled client's until it leaves; then normal work goes on.
    slow.socket.destroy();
    await slow.reply;
    const next = await resize(base, agent);
    expect(next.reused).toBe(true);
    await expectResized(next);
    agent.destroy();
  });

  it('answers 503 at once when the wait queue is full', async () => {
    const base = await serve({
      LANE_QUEUE: '1',
      UPLOAD_QUEUE_TIMEOUT_MS: '0',
      UPLOAD_IDLE_TIMEOUT_MS: '60000',
    });
    await stall(base);
    await stall(base);
    expectBusy(await resize(base));
  });

  it('ends an upload that stays idle with 408 and gives its slot to the next request', async () => {
    const base = await serve({ UPLOAD_IDLE_TIMEOUT_MS: '500', UPLOAD_QUEUE_TIMEOUT_MS: '0' });
    const first = await stall(base);
    const second = await stall(base);
    // Queued behind both stalled uploads: served once each has timed out in turn.
    await expectResized(await resize(base));
    for (const slow of [first, second]) {
      const reply = parseReply(await slow.reply);
      expect(reply.status).toBe(408);
      expect(reply.headers['x-request-id']).toBeTruthy();
      expect(JSON.parse(reply.body)).toEqual({
        success: false,
        message: 'The upload stalled: nothing arrived for 0.5 s.',
        code: 'REQUEST_TIMEOUT',
      });
    }
  });
});
