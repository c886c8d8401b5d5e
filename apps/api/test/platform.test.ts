import { compileErrors, validate } from '@readme/openapi-parser';
import { apiVersion, liveTools, toolReference, tools } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { makeApp } from './helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

type OpenApi = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  requestBody?: {
    content: Record<
      string,
      {
        schema: {
          properties: Record<string, unknown>;
          required?: string[];
          anyOf?: unknown[];
          allOf?: { anyOf?: unknown[] }[];
        };
      }
    >;
  };
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
};

describe('GET /api/v1/health', () => {
  it('reports status, version and uptime', async () => {
    const res = await app.inject({ url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['status', 'uptime', 'version']);
    expect(body.status).toBe('ok');
    expect(body.version).toBe(apiVersion);
    expect(Number.isInteger(body.uptime)).toBe(true);
  });
});

describe('GET /api/v1/openapi.json', () => {
  let doc: OpenApi;
  beforeAll(async () => {
    const res = await app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists every live operation, and only those', () => {
    const live = liveTools.map((t) => t.api.path).sort();
    const service = [
      '/health',
      '/ready',
      '/openapi.json',
      '/files/convert/formats',
      '/pipeline',
      '/jobs/{id}',
      '/jobs/{id}/result',
    ];
    const documented = Object.keys(doc.paths).filter((p) => !service.includes(p));
    expect(documented.sort()).toEqual(live);
    for (const planned of tools.filter((t) => t.status !== 'live'))
      expect(doc.paths[planned.api.path]).toBeUndefined();
  });

  it('documents each operation with its catalog fields, its result and its errors', () => {
    for (const tool of liveTools) {
      const op = doc.paths[tool.api.path]?.post;
      expect(op, tool.id).toBeDefined();
      const body = op?.requestBody?.content['multipart/form-data']?.schema;
      const fields = Object.keys(tool.api.request?.shape ?? {});
      const { input } = tool.api;
      if (input.kind === 'json-or-file') {
        const json = op?.requestBody?.content['application/json']?.schema;
        // (`url`: the document fetched from an address instead.)
        expect(Object.keys(json?.properties ?? {}).sort(), tool.id).toEqual([...fields, 'url'].sort());
        // …or the same fields as a form with the document as the uploaded `file`.
        expect(body?.required, tool.id).toBeUndefined();
        expect(Object.keys(body?.properties ?? {}).sort()).toEqual([input.field, ...fields, 'url'].sort());
      } else {
        // The file field (image, images, file…) or its `url` is required, besides any required field
        // (rotate's angle).
        const fileOrUrl = [{ required: [input.field] }, { required: ['url'] }];
        const rules = body?.allOf ?? [body];
        expect(
          rules.some((rule) => JSON.stringify(rule?.anyOf) === JSON.stringify(fileOrUrl)),
          tool.id,
        ).toBe(true);
        expect(body?.required ?? [], tool.id).not.toContain(input.field);
        expect(Object.keys(body?.properties ?? {}).sort()).toEqual([input.field, ...fields, 'url'].sort());
      }
      // Every status its error table names (a tool that reads any file never answers 415).
      const statuses = new Set(toolReference(tool).errors.map((e) => String(e.status)));
      expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', ...statuses].sort());
      // The same operation on a URL input, by GET (signed links).
      expect(doc.paths[tool.api.path]?.get?.parameters?.[0], tool.id).toMatchObject({
        name: 'url',
        in: 'query',
      });
    }
    const resize =
      doc.paths['/images/resize']?.post?.requestBody?.content['multipart/form-data']?.schema.properties;
    expect(resize?.width).toMatchObject({ type: 'integer', minimum: 1, maximum: 4096 });
    expect(resize?.maintain_aspect).toMatchObject({ type: 'boolean', default: true });
    expect(resize?.quality).toMatchObject({ type: 'integer', default: 85 });
    // Resize needs one of width, height or size: the document says so, as the schema checks it.
    const resizeBody = doc.paths['/images/resize']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(resizeBody?.allOf).toEqual([
      { anyOf: [{ required: ['width'] }, { required: ['height'] }, { required: ['size'] }] },
      { anyOf: [{ required: ['image'] }, { required: ['url'] }] },
    ]);
    expect(resizeBody?.required).toBeUndefined();
  });

  it('serves the same document the routes were built from (every documented path answers)', async () => {
    for (const path of Object.keys(doc.paths)) {
      const method = Object.keys(doc.paths[path] ?? {})[0]?.toUpperCase() as 'GET' | 'POST';
      const res = await app.inject({ method, url: `/api/v1${path.replace('{id}', 'no-such-job')}` });
      // A job path answers for its job: 404 for an unknown one, in the jobs' own words (not a missing route).
      if (path.includes('{id}')) expect(res.json().message, path).toMatch(/^There is no job no-such-job/);
      else expect(res.statusCode, path).not.toBe(404);
    }
  });
});

describe('request ids', () => {
  it('echoes a sensible X-Request-Id and replaces anything else', async () => {
    const echoed = await app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id\n<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const errors = await app.inject({ method: 'POST', url: '/api/v1/nope' });
    expect(errors.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers and CORS on the API', () => {
  it('sends a strict CSP and the usual headers', async () => {
    const res = await app.inject({ url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('answers CORS preflights for any origin and exposes the result headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/images/resize',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    const get = await app.inject({ url: '/api/v1/health', headers: { origin: 'https://example.com' } });
    expect(get.headers['access-control-expose-headers']).toContain('x-image-width');
  });

  it('answers an OPTIONS without Origin with 204, not a text/plain 400', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: '/api/v1/images/resize' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('limits CORS to configured origins, or turns it off', async () => {
    const listed = await makeApp({ CORS_ORIGIN: 'https://a.example, https://b.example' });
    const ok = await listed.inject({ url: '/api/v1/health', headers: { origin: 'https://b.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://b.example');
    const no = await listed.inject({ url: '/api/v1/health', headers: { origin: 'https://evil.example' } });
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
    await listed.close();
    const off = await makeApp({ CORS_ORIGIN: 'false' });
    const none = await off.inject({ url: '/api/v1/health', headers: { origin: 'https://a.example' } });
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    await off.close();
  });
});

describe('configuration', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
    expect([config.host, config.port]).toEqual(['0.0.0.0', 3000]);
    expect(config.limits.imageUploadBytes).toBe(10 * 1024 * 1024);
    expect(config.limits.maxInputPixels).toBe(50_000_000);
    expect(config.rateLimit.redisUrl).toBeUndefined();
    expect(config.webRoot).toMatch(/apps\/web\/build\/client$/);
  });

  it('treats empty values as unset and names every bad variable', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(() => loadConfig({ PORT: 'http', RATE_LIMIT_ENABLED: 'maybe', REDIS_URL: 'http://x' })).toThrow(
      /^Invalid environment: PORT .*; RATE_LIMIT_ENABLED must be true or false; REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL\.$/,
    );
  });
});
