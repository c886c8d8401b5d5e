import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../src/net/test-helpers.js';
import { decoded, expectError, makeApp } from './helpers/app.js';
import { form } from './helpers/form.js';
import { solid } from './helpers/images.js';

/*
 * URL inputs (API.md "Inputs from anywhere"): an operation, a GET, a pipeline, a batch and a job
 * take their file from a loopback file server (URL_FETCH_ALLOW_PRIVATE=true for these tests only);
 * every refusal is the contract's code and message. Without the flag, private addresses are refused
 * before any connection is made.
 */

const csv = 'name,qty\nbolt,3\nnut,12\n';
let photo: Buffer;
let files: TestServer;
let origin: string;

/** The file server: a photo, a CSV, redirects, a 404, a stall and a file too large for a tiny limit. */
function serveFiles(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  const hops = /^\/hop\/(\d+)$/.exec(path);
  if (path === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
  else if (path === '/table') {
    response
      .writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': 'attachment; filename="stock.csv"',
      })
      .end(csv);
  } else if (path === '/moved') response.writeHead(302, { location: '/photo.png' }).end();
  else if (hops) response.writeHead(302, { location: `/hop/${Number(hops[1]) + 1}` }).end();
  else if (path === '/stall') response.writeHead(200, { 'content-type': 'image/png' }).write('x');
  else if (path === '/big.png') response.writeHead(200).end(Buffer.alloc(5000, 1));
  else response.writeHead(404).end('no');
}

let app: FastifyInstance;
beforeAll(async () => {
  photo = await solid(40, 20);
  files = await startServer('127.0.0.1', serveFiles);
  origin = `http://127.0.0.1:${files.port}`;
  app = await makeApp({ URL_FETCH_ALLOW_PRIVATE: 'true', URL_FETCH_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await app?.close();
  await files?.stop();
});

const post = (url: string, parts: Parameters<typeof form>[0], headers: Record<string, string> = {}) => {
  const body = form(parts);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
};

describe('an operation on a URL input', () => {
  it('resizes the file of a `url` form field, named after the URL path', async () => {
    const res = await post('/api/v1/images/resize', [
      { name: 'url', value: `${origin}/photo.png` },
      { name: 'width', value: '20' },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await decoded(res.rawPayload)).width).toBe(20);
    expect(res.headers['content-disposition']).toBe('attachment; filename="photo-resize.png"');
  });

  it('reads CSV → JSON from a `url` JSON member, as from the same CSV uploaded', async () => {
    const fetched = await app.inject({
      method: 'POST',
      url: '/api/v1/data/csv-to-json',
      payload: { url: `${origin}/table` },
    });
    const uploaded = await post('/api/v1/data/csv-to-json', [
      { name: 'file', filename: 'stock.csv', data: Buffer.from(csv) },
    ]);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.body).toBe(uploaded.body);
    expect(JSON.parse(fetched.body)).toEqual(JSON.parse(uploaded.body));
  });

  it('runs a GET with the URL and the fields in the query', async () => {
    const url = encodeURIComponent(`${origin}/moved`);
    const res = await app.inject({ method: 'GET', url: `/api/v1/images/resize?url=${url}&width=10` });
    expect(res.statusCode).toBe(200);
    expect((await decoded(res.rawPayload)).width).toBe(10);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const none = await app.inject({ method: 'GET', url: '/api/v1/images/resize?width=10' });
    expectError(
      none,
      400,
      'MISSING_FILE',
      'A GET names its file in the query: ?url=<an http or https URL>, the fields beside it.',
    );
    const bad = await app.inject({ method: 'GET', url: `/api/v1/images/resize?url=${url}&width=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('what a URL input refuses', () => {
  const resize = (target: string) =>
    post('/api/v1/images/resize', [
      { name: 'url', value: target },
      { name: 'width', value: '10' },
    ]);

  it('answers an upstream 404, a redirect loop and a stall with 422 URL_FETCH_FAILED', async () => {
    expectError(
      await resize(`${origin}/nothing`),
      422,
      'URL_FETCH_FAILED',
      'The url answered 404 Not Found.',
    );
    expectError(
      await resize(`${origin}/hop/0`),
      422,
      'URL_FETCH_FAILED',
      'The url redirects more than 3 times.',
    );
    expectError(
      await resize(`${origin}/stall`),
      422,
      'URL_FETCH_FAILED',
      'The url was not received within 0.3 s.',
    );
  });

  it('answers a bad scheme or syntax with 400 INVALID_URL', async () => {
    expectError(
      await resize('ftp://127.0.0.1/a.png'),
      400,
      'INVALID_URL',
      'The url must be an http or https URL, not ftp:.',
    );
    expectError(
      await resize('not a url'),
      400,
      'INVALID_URL',
      'The url is not an absolute http or https URL.',
    );
  });

  it("answers a file over the field's upload limit with 413", async () => {
    const small = await makeApp({ URL_FETCH_ALLOW_PRIVATE: 'true', IMAGE_MAX_UPLOAD_BYTES: '1000' });
    try {
      const body = form([
        { name: 'url', value: `${origin}/big.png` },
        { name: 'width', value: '10' },
      ]);
      const res = await small.inject({ method: 'POST', url: '/api/v1/images/resize', ...body });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE', "The url's file is larger than the 1000 B limit.");
    } finally {
      await small.close();
    }
  });

  it('refuses loopback, private, link-local, mapped and decimal addresses without the flag, connecting nowhere', async () => {
    const guarded = await makeApp();
    try {
      const before = files.connections;
      const port = files.port;
      const targets = [
        [`http://127.0.0.1:${port}/photo.png`, '127.0.0.1'],
        [`http://10.1.2.3:${port}/photo.png`, '10.1.2.3'],
        [`http://169.254.169.254:${port}/latest`, '169.254.169.254'],
        [`http://[::ffff:127.0.0.1]:${port}/photo.png`, '::ffff:7f00:1'],
        [`http://2130706433:${port}/photo.png`, '127.0.0.1'],
      ] as const;
      for (const [target, address] of targets) {
        const body = form([
          { name: 'url', value: target },
          { name: 'width', value: '10' },
        ]);
        const res = await guarded.inject({ method: 'POST', url: '/api/v1/images/resize', ...body });
        expect(res.statusCode, target).toBe(400);
        expect(res.json().code, target).toBe('INVALID_URL');
        expect(res.json().message, target).toContain(`cannot be fetched: ${address} `);
      }
      expect(files.connections).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});

describe('URL inputs in pipelines, batches and jobs', () => {
  const steps = [{ op: 'images/resize', width: 16 }];

  it('runs a pipeline on `input.url`, and on one upload in the field `file`', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pipeline',
      payload: { steps, input: { url: `${origin}/photo.png` } },
    });
    expect(res.statusCode).toBe(200);
    expect((await decoded(res.rawPayload)).width).toBe(16);
    const single = await post('/api/v1/pipeline', [
      { name: 'pipeline', value: JSON.stringify({ steps }) },
      { name: 'file', filename: 'p.png', data: photo },
    ]);
    expect(single.statusCode).toBe(200);
    expect(single.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('runs a batch on `input.urls`: a zip with each result and the manifest', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pipeline',
      payload: { steps, input: { urls: [`${origin}/photo.png`, `${origin}/moved`] } },
    });
    expect(res.statusCode).toBe(200);
    const members = unzipSync(res.rawPayload);
    const manifest = JSON.parse(Buffer.from(members['manifest.json'] ?? []).toString());
    expect(manifest.files.map((f: { input: string; status: string }) => [f.input, f.status])).toEqual([
      ['photo.png', 'succeeded'],
      ['photo.png', 'succeeded'],
    ]);
    expect(Object.keys(members).sort()).toEqual([
      'manifest.json',
      'photo-resize (2).png',
      'photo-resize.png',
    ]);
  });

  it('hands a job the fetched bytes: 202, then the result', async () => {
    const res = await post(
      '/api/v1/images/resize',
      [
        { name: 'url', value: `${origin}/photo.png` },
        { name: 'width', value: '12' },
      ],
      {
        prefer: 'respond-async',
      },
    );
    expect(res.statusCode).toBe(202);
    const { resultUrl } = res.json().data as { resultUrl: string };
    let result = await app.inject({ url: resultUrl });
    // Polled until finished (the job's time is no part of the assertion), giving the job the loop.
    while (result.statusCode === 409) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      result = await app.inject({ url: resultUrl });
    }
    expect(result.statusCode).toBe(200);
    expect((await decoded(result.rawPayload)).width).toBe(12);
    const failed = await post('/api/v1/images/resize', [{ name: 'url', value: `${origin}/nothing` }], {
      prefer: 'respond-async',
    });
    expectError(failed, 422, 'URL_FETCH_FAILED', 'The url answered 404 Not Found.');
  });
});

describe('a URL input over MCP', () => {
  const callTool = (args: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'data_csv_to_json', arguments: args },
      },
    });

  it('takes `url` instead of file_base64, and answers a failed fetch as the contract says', async () => {
    const fetched = (await callTool({ url: `${origin}/table` })).json();
    const inline = (await callTool({ csv })).json();
    expect(fetched.result.isError).toBeUndefined();
    expect(fetched.result.content).toEqual(inline.result.content);
    const failed = (await callTool({ url: `${origin}/nothing` })).json();
    expect(failed.result.isError).toBe(true);
    expect(JSON.parse(failed.result.content[0].text)).toEqual({
      success: false,
      message: 'The url answered 404 Not Found.',
      code: 'URL_FETCH_FAILED',
    });
  });
});
