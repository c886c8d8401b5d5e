import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { listenOnFreePort } from './helpers/listen.js';
import { parseReply, type RawExchange, rawRequest } from './helpers/raw-socket.js';

/*
 * Issue 28, defects 5, 6 and 19, over real sockets: JSON and text bodies (which Fastify reads
 * itself) that stall get the 408 multipart uploads get, and a 503 at shutdown rather than a
 * silent close; a malformed chunk gets a 400 at once, on every kind of body; a JSON body over the
 * limit is not told about files.
 */

let app: FastifyInstance | undefined;
const sockets: RawExchange[] = [];
afterEach(async () => {
  for (const exchange of sockets.splice(0)) exchange.socket.destroy();
  await app?.close();
  app = undefined;
});

async function serve(env: Record<string, string> = {}): Promise<string> {
  app = await makeApp(env);
  return listenOnFreePort(app);
}

function send(base: string, bytes: string): RawExchange {
  const exchange = rawRequest(base, bytes);
  sockets.push(exchange);
  return exchange;
}

/** The contract's JSON error from a raw reply. */
function errorOf(reply: string) {
  const { status, headers, body } = parseReply(reply);
  expect(headers['content-type']).toMatch(/^application\/json/);
  const parsed = JSON.parse(body) as { success: boolean; code: string; message: string };
  expect(parsed.success).toBe(false);
  return { status, code: parsed.code, message: parsed.message };
}

const head = (path: string, type: string, framing: string) =>
  `POST /api/v1/${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\n${framing}\r\n`;

describe('a body that stalls mid-upload', () => {
  it.each([
    ['a JSON body', 'data/json-to-csv', 'application/json', '{"json": ['],
    ['a text body', 'text/word-count', 'text/plain', 'some words'],
  ])('gets 408 after UPLOAD_IDLE_TIMEOUT_MS: %s', async (_, path, type, start) => {
    const base = await serve({ UPLOAD_IDLE_TIMEOUT_MS: '500', UPLOAD_MIN_BYTES_PER_SECOND: '0' });
    const { reply } = send(base, head(path, type, 'Content-Length: 1000\r\n') + start);
    expect(errorOf(await reply)).toEqual({
      status: 408,
      code: 'REQUEST_TIMEOUT',
      message: 'The upload stalled: nothing arrived for 0.5 s.',
    });
  });

  it('is answered 503 when the server shuts down, not dropped', async () => {
    const base = await serve({ UPLOAD_IDLE_TIMEOUT_MS: '60000' });
    const stalled = send(
      base,
      `${head('data/json-to-csv', 'application/json', 'Content-Length: 1000\r\n')}{"json"`,
    );
    await stalled.sent;
    // Wait until the server is reading the body (the health check shares nothing with it).
    await fetch(`${base}/api/v1/health`);
    const closing = app?.close();
    app = undefined;
    const { status, headers } = parseReply(await stalled.reply);
    expect(errorOf(await stalled.reply)).toEqual({
      status: 503,
      code: 'OVERLOADED',
      message: 'The server is restarting. Please try again in a few seconds.',
    });
    expect([status, headers.connection]).toEqual([503, 'close']);
    await closing;
  });
});

describe('a malformed chunk', () => {
  // The idle limit is a minute: only the malformed chunk itself can bring the answer in time.
  const env = { UPLOAD_IDLE_TIMEOUT_MS: '60000', UPLOAD_MIN_BYTES_PER_SECOND: '0' };
  const chunked = 'Transfer-Encoding: chunked\r\n';
  const malformed = {
    status: 400,
    code: 'MALFORMED_REQUEST',
    message: 'The request body is not valid HTTP.',
  };

  it('in the same packet as the headers of a JSON body gets 400', async () => {
    const base = await serve(env);
    const { reply } = send(
      base,
      `${head('data/json-to-csv', 'application/json', chunked)}5\r\n{"jso\r\nzz\r\n`,
    );
    expect(errorOf(await reply)).toEqual(malformed);
  });

  it('arriving after the body has started gets 400', async () => {
    const base = await serve(env);
    const exchange = send(base, `${head('data/json-to-csv', 'application/json', chunked)}5\r\n{"jso\r\n`);
    await exchange.sent;
    await fetch(`${base}/api/v1/health`);
    exchange.socket.write('zz\r\nwhatever\r\n');
    expect(errorOf(await exchange.reply)).toEqual(malformed);
  });

  it('in a multipart upload gets 400, not 408', async () => {
    const base = await serve(env);
    const exchange = send(
      base,
      `${head('images/resize', 'multipart/form-data; boundary=XX', chunked)}6\r\n--XX\r\n\r\n`,
    );
    await exchange.sent;
    await fetch(`${base}/api/v1/health`);
    exchange.socket.write('zz\r\n');
    expect(errorOf(await exchange.reply)).toEqual(malformed);
  });
});

describe('a JSON body over the limit', () => {
  it('is refused with a sentence about the body, not about files', async () => {
    const base = await serve();
    const { reply } = send(
      base,
      head('data/json-to-csv', 'application/json', 'Content-Length: 12582912\r\n'),
    );
    expect(errorOf(await reply)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than the 10 MB allowed.',
    });
  });
});
