import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPath } from '../src/net/signed-url.js';
import { startServer, type TestServer } from '../src/net/test-helpers.js';
import { decoded, expectError, makeApp } from './helpers/app.js';
import { solid } from './helpers/images.js';

/*
 * Signed GET links (API.md "Inputs from anywhere"): with URL_SIGNING_KEY and API keys set, a GET
 * with a valid signature needs no API key; a missing, wrong or expired one is 403
 * INVALID_SIGNATURE; an API key still works without a signature. The file comes from a loopback
 * server (URL_FETCH_ALLOW_PRIVATE=true for this test only).
 */

const key = 'signing-key-for-tests';
let app: FastifyInstance;
let files: TestServer;
let path: string;
beforeAll(async () => {
  const photo = await solid(24, 24);
  files = await startServer('127.0.0.1', (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
  });
  const source = encodeURIComponent(`http://127.0.0.1:${files.port}/cat.png`);
  path = `/api/v1/images/resize?url=${source}&width=12`;
  app = await makeApp({ URL_SIGNING_KEY: key, API_KEYS: 'api-key-1', URL_FETCH_ALLOW_PRIVATE: 'true' });
});
afterAll(async () => {
  await app?.close();
  await files?.stop();
});

const now = () => Math.floor(Date.now() / 1000);

describe('signed links', () => {
  it('runs a signed GET without an API key, cacheable by anyone', async () => {
    const res = await app.inject({ method: 'GET', url: signPath(path, key, now() + 3600) });
    expect(res.statusCode).toBe(200);
    expect((await decoded(res.rawPayload)).width).toBe(12);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cat-resize.png"');
    const forever = await app.inject({ method: 'GET', url: signPath(path, key) });
    expect(forever.statusCode).toBe(200);
    expect(forever.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('refuses a wrong, an expired and a missing signature with 403 INVALID_SIGNATURE', async () => {
    const signed = signPath(path, key, now() + 3600);
    const cases = [
      [
        signed.replace('width=12', 'width=13'),
        'The signature does not match this link: sign the exact path and query that is sent.',
      ],
      [
        signPath(path, 'another-key'),
        'The signature does not match this link: sign the exact path and query that is sent.',
      ],
      [signPath(path, key, now() - 10), 'This signed link has expired.'],
      [path, 'This link is not signed: add its signature (npm run sign-url), or send an API key.'],
    ] as const;
    for (const [url, message] of cases) {
      expectError(await app.inject({ method: 'GET', url }), 403, 'INVALID_SIGNATURE', message);
    }
  });

  it('lets an API key in without a signature, and asks POSTs for a key as before', async () => {
    const res = await app.inject({ method: 'GET', url: path, headers: { 'x-api-key': 'api-key-1' } });
    expect(res.statusCode).toBe(200);
    const post = await app.inject({ method: 'POST', url: signPath(path, key) });
    expect(post.statusCode).toBe(401);
    expect(post.json().code).toBe('UNAUTHORIZED');
  });
});
