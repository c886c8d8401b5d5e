import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp, postImage } from './helpers/app.js';
import { form, imageForm } from './helpers/form.js';
import { solid } from './helpers/images.js';

/*
 * Validators, the result cache and idempotency keys (API.md "Inputs from anywhere, answers that
 * cache"): a strong ETag from the operation, its normalized fields and its input; 304 on a match;
 * X-Cache HIT with the same bytes under the requester's own download name; the same
 * Idempotency-Key with the same request answers the same job.
 */

let app: FastifyInstance;
let photo: Buffer;
beforeAll(async () => {
  photo = await solid(30, 30);
  app = await makeApp();
});
afterAll(() => app?.close());

describe('ETag, 304 and the result cache', () => {
  it('answers the same request from the cache, byte for byte', async () => {
    const first = await postImage(app, '/images/resize', photo, { width: 15 }, 'first.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toMatch(/^"[\w-]{43}"$/);
    // The same fields written differently normalize alike: the same answer.
    const second = await postImage(app, '/images/resize', photo, { width: '15', fit: '' }, 'first.png');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-disposition']).toBe('attachment; filename="first-resize.png"');
    // Another file name is another input (some answers depend on it): computed, under its own name.
    const renamed = await postImage(app, '/images/resize', photo, { width: 15 }, 'second.png');
    expect(renamed.headers['x-cache']).toBe('MISS');
    expect(renamed.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(renamed.headers['content-disposition']).toBe('attachment; filename="second-resize.png"');
    const other = await postImage(app, '/images/resize', photo, { width: 14 }, 'first.png');
    expect(other.headers['x-cache']).toBe('MISS');
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers a matching If-None-Match with 304 and no body, a different one with the answer', async () => {
    const first = await postImage(app, '/images/resize', photo, { width: 11 });
    const etag = String(first.headers.etag);
    const conditional = (ifNoneMatch: string) => {
      const body = imageForm(photo, { width: 11 });
      return app.inject({
        method: 'POST',
        url: '/api/v1/images/resize',
        payload: body.payload,
        headers: { ...body.headers, 'if-none-match': ifNoneMatch },
      });
    };
    const again = await conditional(`"other", W/${etag}`);
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.length).toBe(0);
    const miss = await conditional('"other"');
    expect(miss.statusCode).toBe(200);
    expect(miss.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('keys JSON answers too, and keeps nothing with RESULT_CACHE_BYTES=0', async () => {
    const request = { method: 'POST' as const, url: '/api/v1/data/csv-to-json', payload: { csv: 'a\n1\n' } };
    const first = await app.inject(request);
    const second = await app.inject(request);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(second.body).toBe(first.body);
    const off = await makeApp({ RESULT_CACHE_BYTES: '0' });
    try {
      const answers = [await off.inject(request), await off.inject(request)];
      expect(answers.map((a) => a.headers['x-cache'])).toEqual(['MISS', 'MISS']);
      expect(answers[1]?.headers.etag).toBe(first.headers.etag);
    } finally {
      await off.close();
    }
  });
});

describe('Idempotency-Key', () => {
  const resizeJob = (width: number, key: string) => {
    const body = form([
      { name: 'image', filename: 'a.png', data: photo },
      { name: 'width', value: String(width) },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/v1/images/resize',
      payload: body.payload,
      headers: { ...body.headers, prefer: 'respond-async', 'idempotency-key': key },
    });
  };

  it('answers the same job for the same key and request, 422 for another request', async () => {
    const first = await resizeJob(10, 'order-42');
    const second = await resizeJob(10, 'order-42');
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(second.headers.location).toBe(first.headers.location);
    expectError(
      await resizeJob(12, 'order-42'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request (method, path, fields or file): send a new key.',
    );
    const fresh = await resizeJob(10, 'order-43');
    expect(fresh.json().data.id).not.toBe(first.json().data.id);
  });

  it('holds for pipelines, and refuses a malformed key with 400', async () => {
    const pipeline = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/pipeline',
        payload: { steps: [{ op: 'text/word-count' }], input: { text: 'one two' } },
        headers: { prefer: 'respond-async', 'idempotency-key': key },
      });
    const first = await pipeline('p-1');
    const second = await pipeline('p-1');
    expect(second.statusCode).toBe(202);
    expect(second.json().data.id).toBe(first.json().data.id);
    expectError(
      await pipeline('k'.repeat(256)),
      400,
      'VALIDATION_ERROR',
      'Idempotency-Key must be 1 to 255 printable ASCII characters, sent once.',
    );
  });
});
