import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../errors.js';

/** The ApiError a promise rejects with (anything else fails the test). */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/**
 * A loopback HTTP server for the net tests that counts the connections it accepts, so a test can
 * prove that a refused URL was refused before anything was connected.
 *
 * @example
 *   const server = await startServer('127.0.0.1', (req, res) => res.end('hi'));
 *   // … server.connections === 0 after a refused fetch
 *   await server.stop();
 */
export interface TestServer {
  server: Server;
  port: number;
  readonly connections: number;
  stop(): Promise<void>;
}

export async function startServer(host: string, handler: RequestListener): Promise<TestServer> {
  const server = createServer(handler);
  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // Stalling handlers keep their sockets open: close them, or close() waits for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether this machine can listen on an address (::1 or 127.0.0.2 may be missing in a sandbox). */
export async function canListen(host: string): Promise<boolean> {
  try {
    const probe = await startServer(host, (_req, res) => res.end());
    await probe.stop();
    return true;
  } catch {
    return false;
  }
}
