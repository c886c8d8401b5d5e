import { afterAll, describe, expect, it } from 'vitest';
import { toApiError } from '../src/errors.js';
import { earlySecurityHeaders } from '../src/plugins/security-headers.js';
import { makeApp } from './helpers/app.js';
import { listenOnFreePort } from './helpers/listen.js';
import { parseReply, rawRequest } from './helpers/raw-socket.js';

/*
 * Answers written before our hooks run (a URL Fastify cannot decode, HTTP Node cannot parse) are
 * still the contract's: the JSON envelope, X-Request-Id and the security headers. Over a real
 * socket, because app.inject would not send such bytes as they are.
 */

const app = await makeApp();
const base = await listenOnFreePort(app);
afterAll(() => app.close());

async function raw(request: string) {
  return parseReply(await rawRequest(base, request).reply);
}

const get = (path: string, headers = '') =>
  raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);

function expectContractHeaders(headers: Record<string, string>) {
  for (const [name, value] of Object.entries(earlySecurityHeaders)) expect(headers[name], name).toBe(value);
  expect(headers['content-type']).toMatch(/^application\/json/);
}

describe('answers written before any hook runs', () => {
  it('the security headers set by hand are the ones a normal API error carries', async () => {
    const normal = await get('/api/v1/nothing-here');
    expect(normal.status).toBe(404);
    expectContractHeaders(normal.headers);
  });

  it.each(['/api/v1/%E0%A4%A', '/api/v1/%ff', '/%ff'])(
    'a URL with a bad escape (%s) is a 400 in our envelope',
    async (path) => {
      const reply = await get(path, 'X-Request-Id: bad-url-1\r\n');
      expect(reply.status).toBe(400);
      expectContractHeaders(reply.headers);
      expect(reply.headers['x-request-id']).toBe('bad-url-1');
      expect(JSON.parse(reply.body)).toEqual({
        success: false,
        message:
          'The address is not a valid URL: a "%" in it must start an escape such as %20 that decodes to UTF-8 text.',
        code: 'MALFORMED_REQUEST',
      });
    },
  );

  const notHttp = 'The request is not valid HTTP.';
  it.each([
    ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', notHttp],
    [
      'a URL over 16 KB',
      `GET /api/v1/health?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      'The URL and headers together are longer than the 16 KB allowed.',
    ],
    [
      'a header line without a colon',
      'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nno colon\r\n\r\n',
      notHttp,
    ],
  ])('%s: a 400 with X-Request-Id and the security headers', async (_, request, message) => {
    const reply = await raw(request);
    expect(reply.status).toBe(400);
    expectContractHeaders(reply.headers);
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(reply.body)).toEqual({ success: false, message, code: 'MALFORMED_REQUEST' });
  });

  it('a path segment over the length limit (the other framework error a client can cause) is a 400', () => {
    const error = Object.assign(new URIError('too long'), {
      code: 'FST_ERR_MAX_PARAM_LENGTH',
      statusCode: 414,
    });
    const apiError = toApiError(error, 0);
    expect([apiError.statusCode, apiError.code, apiError.message]).toEqual([
      400,
      'MALFORMED_REQUEST',
      'A part of the address is too long.',
    ]);
  });
});
