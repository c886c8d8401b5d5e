import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { agentFiles, liveTools, markdownPath } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { scratchDir } from './helpers/scratch.js';

/*
 * The docs for agents as the web build publishes them (apps/web/scripts/agent-files.ts writes exactly
 * the catalog's agentFiles, and post-build compresses them), served by the API's static site.
 */
const files = agentFiles({ name: 'Developer Toolkit', summary: 'Simple, reliable HTTP APIs.' });

function webBuild(): string {
  const root = scratchDir('web-build-agents-');
  const write = (path: string, body: string | Buffer) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  };
  write('index.html', '<!doctype html><title>Home</title>');
  write('docs/api/index.html', '<!doctype html><title>Resize Image</title>');
  for (const file of files) {
    write(file.path, file.text);
    write(`${file.path}.br`, brotliCompressSync(file.text));
    write(`${file.path}.gz`, gzipSync(file.text));
  }
  return root;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ WEB_ROOT: webBuild() });
});
afterAll(() => app.close());

const typeOf = (path: string) =>
  path.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8';

describe('docs for agents', () => {
  it('publishes llms.txt, llms-full.txt and one Markdown page per live tool', () => {
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['/llms.txt', '/llms-full.txt', '/docs/mcp.md']));
    for (const tool of liveTools) expect(paths).toContain(markdownPath(tool));
  });

  it('serves each file with 200, its text content type, an hour of caching and its exact text', async () => {
    for (const file of files) {
      const response = await app.inject({ url: file.path });
      expect(response.statusCode, file.path).toBe(200);
      expect(response.headers['content-type'], file.path).toBe(typeOf(file.path));
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.body).toBe(file.text);
    }
  });

  it('sends the pre-compressed copy to a client that takes Brotli, with the same type', async () => {
    for (const path of ['/llms.txt', '/docs/api/csv-to-json.md']) {
      const response = await app.inject({ url: path, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe(typeOf(path));
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(
        files.find((file) => file.path === path)?.text,
      );
    }
  });

  it('links only files that are served', async () => {
    const llms = files.find((file) => file.path === '/llms.txt')?.text ?? '';
    const links = [...llms.matchAll(/\]\((\/[^)]+)\)/g)].map((match) => match[1] as string);
    // Every live page, the MCP page, the pipelines page, the URL-inputs page and llms-full.txt.
    expect(links.length).toBe(liveTools.length + 4);
    for (const link of links) expect((await app.inject({ url: link })).statusCode, link).toBe(200);
  });
});
