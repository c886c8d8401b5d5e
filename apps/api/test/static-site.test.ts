import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp } from './helpers/app.js';
import { scratchDir } from './helpers/scratch.js';

/** A small web build laid out like apps/web/build/client. */
function webBuild(withManifest: boolean): string {
  const root = scratchDir('web-build-');
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script>window.t=1</script></head><body>${title}</body></html>`;
  const files: Record<string, string | Buffer> = {
    'index.html': page('Home'),
    'about/index.html': page('About'),
    'docs/api/index.html': page('Resize Image'),
    'docs/api/rotate-image/index.html': page('Rotate Image'),
    '__spa-fallback.html': page('Not Found'),
    'assets/app-abc123.js': 'console.log("app");'.repeat(50),
    'robots.txt': 'User-agent: *\n',
  };
  const js = files['assets/app-abc123.js'] as string;
  files['assets/app-abc123.js.br'] = brotliCompressSync(js);
  files['assets/app-abc123.js.gz'] = gzipSync(js);
  if (withManifest) {
    files['csp-manifest.json'] = JSON.stringify({
      '/index.html': ["'sha256-HOME='"],
      '/about/index.html': ["'sha256-ABOUT1='", "'sha256-ABOUT2='"],
      '/__spa-fallback.html': ["'sha256-FALLBACK='"],
    });
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const pageCsp = (hashes: string, connect = "'self'") =>
  `default-src 'self'; script-src 'self'${hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; frame-src 'self' blob:; ` +
  `font-src 'self'; connect-src ${connect}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({
    WEB_ROOT: webBuild(true),
    RATE_LIMIT_MAX: '1',
    CSP_CONNECT_SRC: 'https://api.example.com',
  });
});
afterAll(() => app.close());

describe('the website', () => {
  it('serves pre-rendered pages with no-cache and a CSP allowing exactly their inline scripts', async () => {
    const home = await app.inject({ url: '/', headers: html });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toContain('<title>Home</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toBe(
      pageCsp(" 'sha256-HOME='", "'self' https://api.example.com"),
    );
    expect(home.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(home.headers['x-content-type-options']).toBe('nosniff');

    for (const url of ['/about', '/about/']) {
      const about = await app.inject({ url, headers: html });
      expect(about.body).toContain('<title>About</title>');
      expect(about.headers['content-security-policy']).toContain(
        "script-src 'self' 'sha256-ABOUT1=' 'sha256-ABOUT2=';",
      );
    }
    const docs = await app.inject({ url: '/docs/api/rotate-image', headers: html });
    expect(docs.body).toContain('<title>Rotate Image</title>');
    // No hashes in the manifest for this page: its own scripts only.
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'; ");
  });

  it('serves fingerprinted assets for a year, precompressed when the client accepts it', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");'.repeat(50));
  });

  it('serves other files with a short cache', async () => {
    const robots = await app.inject({ url: '/robots.txt' });
    expect([robots.statusCode, robots.body]).toEqual([200, 'User-agent: *\n']);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown pages with the fallback page and 404, or JSON when HTML is not wanted', async () => {
    const page = await app.inject({ url: '/no/such/page', headers: { ...html, 'if-none-match': '*' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>Not Found</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'sha256-FALLBACK=';");
    const json = await app.inject({ url: '/no/such/page' });
    expectError(json, 404, 'NOT_FOUND', 'There is nothing at this address.');
    const api = await app.inject({ url: '/api/v1/nothing', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });

  it('never serves files outside the build, or the server-side manifest', async () => {
    for (const url of [
      '/csp-manifest.json',
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/../../x',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('answers HEAD like GET without a body, other methods on a page with 405, elsewhere 404', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/about' });
    expect([head.statusCode, head.body]).toEqual([200, '']);
    const post = await app.inject({ method: 'POST', url: '/about' });
    expectError(post, 405, 'METHOD_NOT_ALLOWED', 'POST is not allowed on /about. Use GET.');
    expect(post.headers.allow).toBe('GET, HEAD');
    expectError(
      await app.inject({ method: 'POST', url: '/no-such-page' }),
      404,
      'NOT_FOUND',
      'There is nothing at this address.',
    );
  });

  it('is not rate limited (the API is, at RATE_LIMIT_MAX=1 here)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ url: '/about', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    await app.inject({ url: '/api/v1/openapi.json' });
    expect((await app.inject({ url: '/api/v1/openapi.json' })).statusCode).toBe(429);
  });
});

describe('the website without a CSP manifest', () => {
  it("falls back to script-src 'self'", async () => {
    const bare = await makeApp({ WEB_ROOT: webBuild(false) });
    const home = await bare.inject({ url: '/', headers: html });
    expect(home.headers['content-security-policy']).toBe(pageCsp(''));
    await bare.close();
  });
});
