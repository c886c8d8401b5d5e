import { request } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { listenOnFreePort } from './helpers/listen.js';

/* The same server over real sockets: concurrency, streaming limits, health under load. */

const flower = fixture('images/photo_freshflower_progressive_1600x1203.jpg');

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await makeApp();
  base = await listenOnFreePort(app);
});
afterAll(() => app.close());

function resize(width: number): Promise<Response> {
  const body = new FormData();
  body.append('image', new Blob([flower], { type: 'image/jpeg' }), 'flower.jpg');
  body.append('width', String(width));
  body.append('quality', '80');
  return fetch(`${base}/api/v1/images/resize`, { method: 'POST', body });
}

describe('a listening server', () => {
  it('answers 50 concurrent resizes correctly and stays healthy', async () => {
    const widths = Array.from({ length: 50 }, (_, i) => 100 + i * 13);
    const responses = await Promise.all(widths.map(resize));
    const results = await Promise.all(
      responses.map(async (res) => {
        const body = Buffer.from(await res.arrayBuffer());
        const meta = await sharp(body).metadata();
        return { status: res.status, header: res.headers.get('x-image-width'), meta };
      }),
    );
    results.forEach((r, i) => {
      const width = widths[i] ?? 0;
      expect(r.status).toBe(200);
      expect(r.meta.format).toBe('jpeg');
      expect(r.meta.width).toBe(width);
      // The other side follows the ratio (libvips may round down).
      expect(Math.abs((r.meta.height ?? 0) - (1203 * width) / 1600)).toBeLessThan(1);
      expect(r.header).toBe(String(width));
    });
    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
  });

  it('cuts an oversized streamed upload off early with 413 instead of reading it all', async () => {
    const boundary = 'xxBOUNDARYxx';
    const total = 40 * 1024 * 1024;
    const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let done = false;
      const req = request(`${base}/api/v1/images/resize`, {
        method: 'POST',
        // Chunked, so no Content-Length gives the size away: only the streaming limit can stop it.
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        done = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
      });
      req.on('error', (error) => {
        if (!done) reject(error);
      });
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.jpg"\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024, 7);
      const pump = () => {
        while (!done && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!done) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      success: false,
      message: 'The file "huge.jpg" is larger than the 10 MB allowed.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(result.sent).toBeLessThan(total / 2);
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
  });

  it('refuses an announced oversized upload without waiting for its body', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/api/v1/images/resize`, {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=b',
          'content-length': String(500 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      // Headers only: the answer must come without a byte of the 500 MB.
      req.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it.each([
    ['/images/resize', 'application/json', '{"width":100}'],
    ['/images/resize', 'text/plain', 'width=100'],
    ['/images/base64', 'application/json', '[1,2]'],
  ])('answers %s with a %s body (no upload) with 400 MISSING_FILE', async (path, type, body) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'No image was uploaded. Send it as multipart/form-data in the field "image".',
      code: 'MISSING_FILE',
    });
  });

  it('answers a request that is not HTTP with the JSON error, then closes', async () => {
    const { port } = new URL(base);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('HELLO THERE\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        data += chunk;
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = reply.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      success: false,
      message: 'The request is not valid HTTP.',
      code: 'MALFORMED_REQUEST',
    });
  });
});
