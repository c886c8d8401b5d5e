import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrlPath, liveTools, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagedFfmpeg } from '../src/operations/audio/ffmpeg.js';
import { makeApp } from './helpers/app.js';
import { exampleRequest } from './helpers/catalog-samples.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * Running the toolkit for others (API.md "Operating it"): API keys on every operation, the
 * readiness check with real engine checks, Prometheus metrics, one log line per API request.
 */

const keyA = 'key-alpha-0123456789';
const keyB = 'key-beta-9876543210';

async function call(base: string, tool: ToolSpec, headers: Record<string, string> = {}) {
  const example = tool.api.examples?.[0];
  if (!example) throw new Error(`${tool.id} has no example`);
  const request = exampleRequest(tool, example);
  const response = await fetch(`${base}${apiUrlPath(tool)}`, {
    method: 'POST',
    headers: { ...request.headers, ...headers },
    body: request.body,
  });
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

describe('with API_KEYS set', () => {
  let app: FastifyInstance;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const file = join(dir, 'keys.txt');
    writeFileSync(file, `# the second team\n\n${keyB}\n`);
    app = await makeApp({ API_KEYS: keyA, API_KEYS_FILE: file });
    base = await listenOnFreePort(app);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(liveTools.map((tool) => [tool.id, tool as ToolSpec] as const))(
    '%s: 401 without a key, 200 with either header',
    async (_, tool) => {
      const refused = await call(base, tool);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      expect(JSON.parse(refused.body.toString())).toEqual({
        success: false,
        code: 'UNAUTHORIZED',
        message: 'An API key is required: send it as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
      });
      expect((await call(base, tool, { authorization: `Bearer ${keyA}` })).status).toBe(200);
      expect((await call(base, tool, { 'x-api-key': keyB })).status).toBe(200);
    },
  );

  it('refuses a wrong key with its own sentence', async () => {
    const [tool] = liveTools;
    const wrong = await call(base, tool as ToolSpec, { authorization: `Bearer ${keyA}x` });
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.body.toString()).message).toBe(
      "This API key is not valid: check it, or ask the server's operator for one.",
    );
  });

  it('keeps health, ready and openapi.json open', async () => {
    for (const path of ['/api/v1/health', '/api/v1/openapi.json']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(200);
    }
    expect([200, 503]).toContain((await fetch(`${base}/api/v1/ready`)).status);
  });
});

describe('rate limits with API keys', () => {
  it('count per key, not per address', async () => {
    const app = await makeApp({ API_KEYS: `${keyA},${keyB}`, RATE_LIMIT_MAX: '2' });
    try {
      const get = (key: string) =>
        app.inject({ method: 'GET', url: '/api/v1/files/convert/formats', headers: { 'x-api-key': key } });
      expect((await get(keyA)).statusCode).toBe(200);
      expect((await get(keyA)).statusCode).toBe(200);
      expect((await get(keyA)).statusCode).toBe(429);
      // The same address, another key: its own allowance.
      expect((await get(keyB)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('without API keys', () => {
  it('every operation works with no key, as before', async () => {
    const app = await makeApp();
    const base = await listenOnFreePort(app);
    try {
      for (const tool of liveTools.slice(0, 3)) expect((await call(base, tool as ToolSpec)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/ready', () => {
  it('reports each engine with its version, and LibreOffice as optional when absent', async () => {
    const app = await makeApp({ SOFFICE_PATH: '/nonexistent/soffice' });
    try {
      const response = await app.inject({ url: '/api/v1/ready' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.status).toBe('ready');
      expect(body.engines.libvips).toMatchObject({ ok: true, required: true });
      expect(body.engines.libvips.version).toMatch(/^\d+\.\d+/);
      expect(body.engines.ffmpeg).toMatchObject({ ok: true, required: true });
      expect(body.engines.ffmpeg.version).toMatch(/\d/);
      expect(body.engines.libreoffice).toMatchObject({ ok: false, required: false, version: null });
      expect(body.engines.libreoffice.error).toMatch(/not installed/);
      expect(body.engines.redis).toBeUndefined();
      for (const lane of ['images', 'workers', 'programs', 'light']) {
        expect(body.lanes[lane], lane).toEqual({ running: 0, waiting: 0, capacity: expect.any(Number) });
        expect(body.lanes[lane].capacity, lane).toBeGreaterThan(0);
      }
    } finally {
      await app.close();
    }
  });

  it('goes 503 when FFMPEG_PATH points at a missing program, and 200 once it is there (cache expiry)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ready-'));
    const path = join(dir, 'ffmpeg');
    const app = await makeApp({ FFMPEG_PATH: path, READY_CACHE_MS: '300' });
    try {
      const missing = await app.inject({ url: '/api/v1/ready' });
      expect(missing.statusCode).toBe(503);
      expect(missing.headers['retry-after']).toBe('1');
      expect(missing.json().engines.ffmpeg).toMatchObject({ ok: false, required: true });
      expect(missing.json().engines.ffmpeg.error).toBe(`FFMPEG_PATH=${path} does not run as ffmpeg.`);
      // Liveness stays cheap and green.
      expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);

      symlinkSync(packagedFfmpeg(), path);
      // Once the cached round has expired, the engine is checked again.
      await new Promise((resolve) => setTimeout(resolve, 350));
      const fixed = await app.inject({ url: '/api/v1/ready' });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json().engines.ffmpeg.ok).toBe(true);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('health carries the version', async () => {
    const app = await makeApp();
    try {
      const body = (await app.inject({ url: '/api/v1/health' })).json();
      expect(body).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+/) });
    } finally {
      await app.close();
    }
  });
});

type Family = {
  name: string;
  metrics: { labels?: Record<string, string>; value?: string; count?: string }[];
};

describe('GET /metrics', () => {
  it('counts exactly the requests made, by operation and status, with durations', async () => {
    const app = await makeApp();
    try {
      const families = async () =>
        parsePrometheusTextFormat((await app.inject({ url: '/metrics' })).body) as Family[];
      const before = await families();
      const sent = { method: 'POST' as const, url: '/api/v1/data/base64-encode' };
      for (let i = 0; i < 3; i++) await app.inject({ ...sent, payload: { text: `hello ${i}` } });
      await app.inject({ ...sent, payload: { text: 5 } });
      const after = await families();

      const count = (list: Family[], status: string) =>
        Number(
          list
            .find((f) => f.name === 'toolkit_http_requests_total')
            ?.metrics.find(
              (m) => m.labels?.operation === '/api/v1/data/base64-encode' && m.labels?.status === status,
            )?.value ?? 0,
        );
      expect(count(after, '200') - count(before, '200')).toBe(3);
      expect(count(after, '400') - count(before, '400')).toBe(1);
      // The parser folds a labelled histogram's series together, so its _count is read from the text.
      const text = (await app.inject({ url: '/metrics' })).body;
      expect(text).toContain(
        'toolkit_http_request_duration_seconds_count{operation="/api/v1/data/base64-encode",method="POST",status="200"} 3',
      );
      const names = after.map((f) => f.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'process_resident_memory_bytes',
          'nodejs_eventloop_lag_seconds',
          'toolkit_jobs',
        ]),
      );
      expect(text).toMatch(/^toolkit_lane_capacity\{lane="images"\} [1-9]/m);
      // The website's files and /metrics itself are not counted.
      expect(
        after
          .find((f) => f.name === 'toolkit_http_requests_total')
          ?.metrics.every((m) => m.labels?.operation?.startsWith('/api/v1/')),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('needs the token when METRICS_TOKEN is set', async () => {
    const app = await makeApp({ METRICS_TOKEN: 'scrape-secret' });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
      expect(right.statusCode).toBe(200);
      expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    } finally {
      await app.close();
    }
  });
});

describe('the request log', () => {
  it('writes one line per API request with its operation, status, sizes, lane wait and key hash', async () => {
    const lines: Record<string, unknown>[] = [];
    const { Writable } = await import('node:stream');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const { buildApp } = await import('../src/app.js');
    const { testConfig } = await import('./helpers/app.js');
    const app = await buildApp({ ...testConfig({ API_KEYS: keyA }), logLevel: 'info' }, undefined, {
      logStream: stream,
    });
    try {
      const body = JSON.stringify({ text: 'hello there' });
      await app.inject({
        method: 'POST',
        url: '/api/v1/data/base64-encode',
        headers: { 'content-type': 'application/json', 'x-api-key': keyA },
        payload: body,
      });
      const request = lines.filter((line) => line.msg === 'request');
      expect(request).toHaveLength(1);
      expect(request[0]).toMatchObject({
        operation: '/api/v1/data/base64-encode',
        status: 200,
        bytesIn: body.length,
        key: expect.stringMatching(/^[0-9a-f]{12}$/),
      });
      expect(request[0]?.laneWaitMs).toEqual(expect.any(Number));
      expect(JSON.stringify(lines)).not.toContain(keyA);
      expect(JSON.stringify(lines)).not.toContain('hello there');
    } finally {
      await app.close();
    }
  });
});

describe('API_KEYS_FILE', () => {
  it('that cannot be read stops the configuration, naming the variable', async () => {
    await expect(makeApp({ API_KEYS_FILE: '/nonexistent/keys' })).rejects.toThrow(
      'Invalid environment: API_KEYS_FILE /nonexistent/keys cannot be read.',
    );
  });
});
