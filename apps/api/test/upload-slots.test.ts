import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { imageForm } from './helpers/form.js';
import { listenInRange } from './helpers/listen.js';
import { parseReply, type RawExchange, rawRequest, stalledUpload } from './helpers/raw-socket.js';

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
  app = await makeApp({ MAX_CONCURRENT_JOBS: '1', MAX_BUFFERED_UPLOADS: '1', ...env });
  return listenInRange(app);
}

/** A stalled upload that has reached the server (sent, and given the server a moment to see it). */
async function stall(base: string): Promise<RawExchange> {
  const exchange = stalledUpload(base, path);
  sockets.push(exchange);
  await exchange.sent;
  await new Promise((resolve) => setTimeout(resolve, 200));
  return exchange;
}

/**
 * A resize of the cat to 45 px wide, each on its own connection: a connection whose body went
 * unread (the 503) is closed by the server after a moment, so it is not one to reuse.
 */
async function resize(base: string): Promise<Response> {
  const { payload, headers } = imageForm(cat, { width: 45 }, 'cat.png');
  const reply = parseReply(
    await rawRequest(
      base,
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n${payload.toString('latin1')}`,
    ).reply,
  );
  return new Response(Buffer.from(reply.body, 'latin1'), { status: reply.status, headers: reply.headers });
}

async function expectResized(response: Response) {
  expect(response.status).toBe(200);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 45, 30]);
}

async function expectBusy(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  expect(await response.json()).toEqual({
    success: false,
    message: 'The server is busy. Please try again in a few seconds.',
    code: 'OVERLOADED',
  });
}

describe('upload slots under slow clients', () => {
  it('answers 503 with Retry-After when no upload slot frees up within the wait', async () => {
    const base = await serve({ UPLOAD_QUEUE_TIMEOUT_MS: '300', UPLOAD_IDLE_TIMEOUT_MS: '60000' });
    const slow = await stall(base);
    await expectBusy(await resize(base));
    // The slot is the stalled client's until it leaves; then normal work goes on.
    slow.socket.destroy();
    await slow.reply;
    await expectResized(await resize(base));
  });

  it('answers 503 at once when the wait queue is full', async () => {
    const base = await serve({
      UPLOAD_QUEUE_MAX: '1',
      UPLOAD_QUEUE_TIMEOUT_MS: '0',
      UPLOAD_IDLE_TIMEOUT_MS: '60000',
    });
    await stall(base);
    await stall(base);
    await expectBusy(await resize(base));
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
