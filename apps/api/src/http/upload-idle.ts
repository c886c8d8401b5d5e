import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

/**
 * Races the reading of an upload against the client's silence: when no byte has arrived on the
 * connection for `idleMs`, rejects with 408 REQUEST_TIMEOUT, so that a stalled client frees its
 * upload slot long before the overall UPLOAD_TIMEOUT_MS. Progress is read from the socket's byte
 * counter rather than from 'data' listeners, which would change how the body stream flows.
 * Without a real socket (app.inject) the reading is awaited as it is.
 *
 * @example const input = await untilIdle(request.raw, readToolInput(…), 10_000);
 */
export async function untilIdle<T>(
  request: IncomingMessage,
  reading: Promise<T>,
  idleMs: number,
): Promise<T> {
  const socket = request.socket as { bytesRead?: unknown } | null;
  if (!socket || typeof socket.bytesRead !== 'number' || idleMs <= 0) return reading;
  const bytesRead = () => socket.bytesRead as number;
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    let seen = bytesRead();
    let lastProgress = Date.now();
    timer = setInterval(
      () => {
        const now = bytesRead();
        if (now !== seen) {
          seen = now;
          lastProgress = Date.now();
        } else if (Date.now() - lastProgress >= idleMs) {
          reject(
            new ApiError(
              'REQUEST_TIMEOUT',
              `The upload stalled: nothing arrived for ${Math.round(idleMs / 100) / 10} s.`,
            ),
          );
        }
      },
      Math.max(10, Math.min(1000, Math.floor(idleMs / 4))),
    );
    timer.unref();
  });
  try {
    return await Promise.race([reading, stalled]);
  } finally {
    clearInterval(timer);
  }
}
