import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { makeApp } from './app.js';

/**
 * Listens on a port the system picks (one nobody used a moment ago). A fixed range shared by the
 * test files running in parallel made two servers in a row land on the same port now and then, and
 * a keep-alive connection pooled for the first, closed as it stopped, was then reused for the
 * second: "other side closed".
 */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no TCP address.');
  return `http://127.0.0.1:${address.port}`;
}

/** A free port in 3100–3199 for a process we spawn (checked by binding it briefly). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const start = 3100 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3100 + ((start - 3100 + i) % 100);
    const ok = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error('No free port in 3100–3199');
}

/**
 * One app listening for a whole test file: started before its tests, closed after them.
 *
 * @example const server = servePerFile(); … fetch(`${server.base}/api/v1/health`)
 */
export function servePerFile(env: Record<string, string> = {}): { readonly base: string } {
  let app: FastifyInstance | undefined;
  let base = '';
  beforeAll(async () => {
    app = await makeApp(env);
    base = await listenOnFreePort(app);
  });
  afterAll(() => app?.close());
  return {
    get base() {
      return base;
    },
  };
}
