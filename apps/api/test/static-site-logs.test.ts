import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './helpers/listen.js';
import { scratchDir } from './helpers/scratch.js';
import { logWatcher, startServerProcess } from './helpers/server-process.js';

/*
 * The real server logging as deployed (JSON, level info): a visit's pages and assets add no request
 * lines, the API requests do.
 */

let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

function webBuild(): string {
  const root = scratchDir('web-build-logs-');
  const files = {
    'index.html': '<!doctype html><title>Home</title>',
    'assets/app-abc123.js': 'console.log("app");',
    'assets/style-def456.css': 'body{}',
    'samples/photo.jpg': 'not really a photo',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

it('logs API requests, not every file of the site', async () => {
  const port = await freePort();
  child = startServerProcess(port, webBuild());
  const { lines, until } = logWatcher(child);
  await until((line) => line.includes('Server listening'));
  const base = `http://127.0.0.1:${port}`;
  for (const path of [
    '/',
    '/assets/app-abc123.js',
    '/assets/style-def456.css',
    '/samples/photo.jpg',
    '/missing',
  ]) {
    await (await fetch(`${base}${path}`)).arrayBuffer();
  }
  expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);
  // Written in order: once the API request's last line is out, so would be any of the files'.
  await until((line) => line.includes('"msg":"request"'));

  // One line per API request (plugins/request-log.ts), none for the site's files.
  const requestLines = lines
    .map((line) => JSON.parse(line) as { msg?: string; operation?: string; url?: string; status?: number })
    .filter(
      (entry) =>
        entry.msg === 'request' || entry.msg === 'incoming request' || entry.msg === 'request completed',
    );
  expect(requestLines.map((entry) => [entry.msg, entry.operation, entry.status])).toEqual([
    ['request', '/api/v1/health', 200],
  ]);
});
