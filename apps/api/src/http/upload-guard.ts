import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

export interface UploadPace {
  /** Nothing at all arrived for this long: 408. */
  idleMs: number;
  /** After `graceMs`, fewer bytes per second than this over the last `windowMs`: 408. 0 turns it off. */
  minBytesPerSecond: number;
  graceMs: number;
  windowMs: number;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Races the reading of an upload against a client that stalls or trickles. Silence for `idleMs`
 * rejects with 408 REQUEST_TIMEOUT; so does, once the grace period is over, an average rate below
 * the minimum over the last `windowMs` (a client sending one byte every few seconds is never idle,
 * yet holds an upload slot for as long as it likes). `stop` rejects with its reason at once (the
 * server shutting down). Progress is read from the socket's byte counter rather than from 'data'
 * listeners, which would change how the body stream flows. Without a real socket (app.inject) only
 * `stop` applies.
 *
 * @example const input = await guardUpload(request.raw, readToolInput(…), pace, shutdown.signal);
 */
export async function guardUpload<T>(
  request: IncomingMessage,
  reading: Promise<T>,
  pace: UploadPace,
  stop?: AbortSignal,
): Promise<T> {
  const socket = request.socket as { bytesRead?: unknown } | null;
  const measurable = socket !== null && typeof socket.bytesRead === 'number';
  const bytesRead = () => (measurable ? (socket?.bytesRead as number) : 0);
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  const guard = new Promise<never>((_, reject) => {
    onStop = () => reject(stop?.reason);
    if (stop?.aborted) onStop();
    stop?.addEventListener('abort', onStop, { once: true });
    if (!measurable) return;
    const started = Date.now();
    const samples: { at: number; bytes: number }[] = [{ at: started, bytes: bytesRead() }];
    let lastProgress = started;
    const tick = Math.max(10, Math.min(500, Math.floor(Math.min(pace.idleMs, pace.windowMs) / 4)));
    timer = setInterval(() => {
      const now = Date.now();
      const bytes = bytesRead();
      const previous = samples[samples.length - 1] as { bytes: number };
      if (bytes !== previous.bytes) lastProgress = now;
      samples.push({ at: now, bytes });
      while (samples.length > 2 && now - (samples[1] as { at: number }).at >= pace.windowMs) samples.shift();
      if (pace.idleMs > 0 && now - lastProgress >= pace.idleMs) {
        reject(
          new ApiError('REQUEST_TIMEOUT', `The upload stalled: nothing arrived for ${seconds(pace.idleMs)}.`),
        );
        return;
      }
      const oldest = samples[0] as { at: number; bytes: number };
      const span = now - oldest.at;
      if (pace.minBytesPerSecond > 0 && now - started >= pace.graceMs && span >= pace.windowMs) {
        const rate = ((bytes - oldest.bytes) * 1000) / span;
        if (rate < pace.minBytesPerSecond) {
          reject(
            new ApiError(
              'REQUEST_TIMEOUT',
              `The upload is arriving too slowly: ${Math.floor(rate)} bytes/s over the last ${seconds(span)}, ` +
                `below the ${pace.minBytesPerSecond} bytes/s required.`,
            ),
          );
        }
      }
    }, tick);
    timer.unref();
  });
  try {
    return await Promise.race([reading, guard]);
  } finally {
    clearInterval(timer);
    if (onStop) stop?.removeEventListener('abort', onStop);
  }
}
