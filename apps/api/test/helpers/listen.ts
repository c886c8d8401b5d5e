import type { FastifyInstance } from 'fastify';

/** This package's port range: 3100–3199. Files run in parallel, so each takes a free port. */
export async function listenInRange(app: FastifyInstance): Promise<string> {
  const start = 3100 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3100 + ((start - 3100 + i) % 100);
    try {
      await app.listen({ host: '127.0.0.1', port });
      return `http://127.0.0.1:${port}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('No free port in 3100–3199');
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
