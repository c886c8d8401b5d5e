import { createHmac } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackRefused, checkCallbackUrl, guardedLookup } from '../jobs/callback-guard.js';
import { deliverWebhook, type WebhookOptions } from '../jobs/webhook.js';
import { startServer, type TestServer } from './test-helpers.js';

/*
 * jobs/webhook.ts and jobs/callback-guard.ts on the net/ building blocks: deliveries to receivers on
 * loopback only (allowPrivate), refusals proven to connect nowhere.
 */

const secret = 'whsec-test';
const received: { body: string; signature: string }[] = [];
let failuresLeft = 0;
let receiver: TestServer;
let hook: string;

beforeAll(async () => {
  receiver = await startServer('127.0.0.1', (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['webhook-signature']) });
      res.writeHead(failuresLeft-- > 0 ? 503 : 204).end();
    });
  });
  hook = `http://127.0.0.1:${receiver.port}/hook`;
});

afterAll(() => receiver.stop());

const options: WebhookOptions = { secret, allowPrivate: true, retryBaseMs: 10 };

describe('deliverWebhook', () => {
  it('POSTs the document signed, and retries 5xx with backoff', async () => {
    received.length = 0;
    failuresLeft = 2;
    expect(await deliverWebhook(hook, { event: 'job.finished', data: { id: 'j1' } }, options)).toBe(204);
    expect(received).toHaveLength(3);
    for (const { body, signature } of received) {
      expect(body).toBe('{"event":"job.finished","data":{"id":"j1"}}');
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    }
  });

  /** A receiver that answers `head` and then one more byte every 50 ms, for ever. */
  async function trickler(head: string, drip: string) {
    const sockets: Socket[] = [];
    const closed: Socket[] = [];
    const server: Server = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      // Answer once the request is in, as a real (slow) receiver would.
      socket.once('data', () => {
        socket.write(head);
        const tick = setInterval(() => socket.write(drip), 50);
        socket.on('close', () => clearInterval(tick));
      });
      socket.on('close', () => closed.push(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { url: `http://127.0.0.1:${port}/hook`, sockets, closed, stop: () => server.close() };
  }

  it('gives each attempt one deadline for the whole exchange: endless headers are cut off', async () => {
    // A valid header that never ends: a time-out on silence alone never fires, and the header size
    // limit (16 KB) would take minutes to reach. Each attempt must end at its deadline, its socket closed.
    const slow = await trickler('HTTP/1.1 200 OK\r\nX-Slow: ', 'a');
    try {
      const status = await deliverWebhook(
        slow.url,
        { event: 'job.finished' },
        {
          ...options,
          attempts: 2,
          timeoutMs: 300,
        },
      );
      expect(status).toBe(0);
      expect(slow.sockets).toHaveLength(2);
      await expect.poll(() => slow.closed.length, { timeout: 5_000 }).toBe(2);
    } finally {
      slow.stop();
    }
  });

  it('takes the status without waiting for a body that trickles for ever', async () => {
    const slow = await trickler('HTTP/1.1 202 Accepted\r\nTransfer-Encoding: chunked\r\n\r\n', '1\r\na\r\n');
    try {
      const status = await deliverWebhook(slow.url, {}, { ...options, attempts: 1, timeoutMs: 20_000 });
      expect(status).toBe(202);
      await expect.poll(() => slow.closed.length, { timeout: 5_000 }).toBe(1);
    } finally {
      slow.stop();
    }
  });

  it('refuses a private address once, without connecting, and without retrying', async () => {
    const strict = { ...options, allowPrivate: false, attempts: 5, retryBaseMs: 60_000 };
    const before = receiver.connections;
    // retryBaseMs of a minute: a retry would outlast the test.
    for (const host of ['127.0.0.1', '[::7f00:1]', '[::ffff:127.0.0.1]', 'localhost', '2130706433']) {
      expect(await deliverWebhook(`http://${host}:${receiver.port}/hook`, {}, strict), host).toBe(0);
    }
    expect(receiver.connections).toBe(before);
  });
});

describe('checkCallbackUrl', () => {
  it.each([
    ['http://[::7f00:1]/hook', 'Callback-Url refused: ::7f00:1 is an IPv4-compatible IPv6 address.'],
    ['http://[fec0::1]/', 'Callback-Url refused: fec0::1 is a site-local address.'],
    [
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
      'Callback-Url refused: 2001:0:4136:e378:8000:63bf:3fff:fdd2 is a Teredo address.',
    ],
    ['http://[64:ff9b:1::a00:1]/', 'Callback-Url refused: 64:ff9b:1::a00:1 is a NAT64 address.'],
    ['http://0x7f.1/', 'Callback-Url refused: 127.0.0.1 is a loopback address.'],
    ['ftp://example.com/', 'Callback-Url must be an http or https URL.'],
    ['http://user:pw@example.com/', 'Callback-Url may not carry a user name or password.'],
    ['not a url', 'Callback-Url is not an absolute URL.'],
  ])('refuses %s', async (url, message) => {
    const error = await checkCallbackUrl(url, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallbackRefused);
    expect((error as Error).message).toBe(message);
  });

  it('refuses localhost, and lets anything http(s) through with allowPrivate', async () => {
    await expect(checkCallbackUrl('http://localhost:8080/hook', false)).rejects.toThrow(
      /^Callback-Url refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\.$/,
    );
    expect((await checkCallbackUrl('http://[::7f00:1]/hook', true)).href).toBe('http://[::7f00:1]/hook');
  });

  it('keeps guardedLookup for http.request, with CallbackRefused errors', async () => {
    const error = await new Promise((resolve) => guardedLookup(false)('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(CallbackRefused);
  });
});
