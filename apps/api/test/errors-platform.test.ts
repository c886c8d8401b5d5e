import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { handlers } from '../src/tools/handlers.js';
import { expectError, expectRateLimited, makeApp, postImage, testConfig } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';

/* Error cases of the platform: routing, rate limits, overload, timeouts and our own bugs. */

const cat = fixture('images/chelsea_cat_451x300.png');

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe('routing', () => {
  it('answers an unknown API route with 404 JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/sharpen' });
    expectError(
      res,
      404,
      'NOT_FOUND',
      'There is no API operation at POST /api/v1/images/sharpen. The list is at /api/v1/openapi.json.',
    );
  });

  it('answers an unknown page with 404 JSON when there is no website build', async () => {
    const res = await app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expectError(res, 404, 'NOT_FOUND', 'There is nothing at this address.');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    // An operation answers POST, and GET on a URL input (signed links).
    const res = await app.inject({ method: 'PUT', url: '/api/v1/images/resize' });
    expectError(
      res,
      405,
      'METHOD_NOT_ALLOWED',
      'PUT is not allowed on /api/v1/images/resize. Use POST, GET.',
    );
    expect(res.headers.allow).toBe('POST, GET');
    const slash = await app.inject({ method: 'PUT', url: '/api/v1/images/thumbnail/?x=1' });
    expectError(
      slash,
      405,
      'METHOD_NOT_ALLOWED',
      'PUT is not allowed on /api/v1/images/thumbnail. Use POST, GET.',
    );
    const health = await app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expectError(health, 405, 'METHOD_NOT_ALLOWED', 'DELETE is not allowed on /api/v1/health. Use GET.');
  });
});

describe('rate limiting: 429', () => {
  it('limits each client per window with Retry-After and RateLimit headers, sparing health checks', async () => {
    const limited = await makeApp({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' });
    const url = '/api/v1/openapi.json';
    const first = await limited.inject({ url });
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    await limited.inject({ url });
    const third = await limited.inject({ url });
    expectRateLimited(third, 2);
    for (let i = 0; i < 3; i++)
      expect((await limited.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    // Another client has its own budget.
    const other = await limited.inject({ url, remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
    await limited.close();
  });

  it('can be switched off', async () => {
    const open = await makeApp({ RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_MAX: '1' });
    for (let i = 0; i < 3; i++)
      expect((await open.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(200);
    expect(open.hasDecorator('rateLimit')).toBe(false);
    await open.close();
  });
});

describe('overload: 503 with Retry-After', () => {
  it('sheds tool requests beyond what may run or wait at once', async () => {
    const busy = await makeApp({
      LANE_IMAGES_CONCURRENCY: '1',
      UPLOAD_QUEUE_TIMEOUT_MS: '1',
      SHED_RETRY_AFTER_SECONDS: '7',
    });
    const photo = fixture('images/photo_elephants_3840x2160.jpg');
    const [a, b] = await Promise.all([
      postImage(busy, '/images/resize', photo, { width: 64 }),
      postImage(busy, '/images/resize', photo, { width: 64 }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 503]);
    const shed = a.statusCode === 503 ? a : b;
    expectError(shed, 503, 'OVERLOADED', 'The server is busy. Please try again in a few seconds.');
    expect(shed.headers['retry-after']).toBe('7');
    // Once the first is done, there is room again.
    expect((await postImage(busy, '/images/resize', cat, { width: 64 })).statusCode).toBe(200);
    await busy.close();
  });

  it('sheds when the event loop lags, but still answers health checks', async () => {
    const lagging = await makeApp({ SHED_MAX_EVENT_LOOP_DELAY_MS: '15', SHED_SAMPLE_INTERVAL_MS: '300' });
    // One 1 s stall among the ~30 ticks of a 300 ms sample: a mean lag of about 30 ms.
    const until = Date.now() + 1000;
    while (Date.now() < until) {
      // Block the event loop on purpose.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await lagging.inject({ url: '/api/v1/openapi.json' });
    expectError(res, 503, 'OVERLOADED', 'The server is busy. Please try again in a few seconds.');
    expect(res.headers['retry-after']).toBe('5');
    expect((await lagging.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    await lagging.close();
  });

  it('gives up on work that outlives the processing time with 503 TIMEOUT', async () => {
    const slow = await makeApp({ REQUEST_TIMEOUT_MS: '1000' });
    const photo = fixture('images/photo_elephants_3840x2160.jpg');
    const res = await postImage(slow, '/images/resize', photo, { width: 4096, format: 'avif', quality: 100 });
    expectError(
      res,
      503,
      'TIMEOUT',
      /^(The request|Processing the image) took longer than 1 s( to process)?\.$/,
    );
    expect(res.headers['retry-after']).toBe('5');
    await slow.close();
  });
});

describe('our own bugs: 500 without internals', () => {
  it('hides the cause', async () => {
    const broken = await buildApp(testConfig(), {
      ...handlers,
      'resize-image': async () => {
        throw new Error('secret detail at /srv/internal.ts:12');
      },
    });
    const res = await postImage(broken, '/images/resize', cat, { width: 10 });
    expectError(res, 500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
    expect(res.body).not.toContain('secret');
    await broken.close();
  });
});
