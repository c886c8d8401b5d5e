import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
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
 * A body's failure found outside its reader: Node's HTTP parser reports a malformed chunk to the
 * server (clientError), not to the request, whose body then simply stops. Kept by socket until the
 * body's watcher takes it, since the parser may fail before the route has started reading.
 */
const bodyFailures = new WeakMap<Socket, { error?: ApiError; fail?: (error: ApiError) => void }>();

/** Fails the body being read on `socket` (now, or as soon as its reader starts watching it). */
export function failBody(socket: Socket, error: ApiError): void {
  const entry = bodyFailures.get(socket);
  if (entry?.fail) entry.fail(error);
  else bodyFailures.set(socket, { error });
}

/**
 * Watches the arrival of a request body and calls `fail` once with the reason to give up on it:
 * silence for `idleMs` (408 REQUEST_TIMEOUT); once the grace period is over, an average rate below
 * the minimum over the last `windowMs` (a client sending one byte every few seconds is never idle,
 * yet holds its connection for as long as it likes); `stop` aborted (the server shutting down, with
 * its reason); a malformed body (`failBody`). Progress is read from the socket's byte counter rather
 * than from 'data' listeners, which would change how the body stream flows. Without a real socket
 * (app.inject) only `stop` applies. Returns the function that ends the watch.
 */
export function watchBody(
  request: IncomingMessage,
  pace: UploadPace,
  stop: AbortSignal | undefined,
  fail: (error: unknown) => void,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const socket = request.socket as Socket | null;
  const once = (error: unknown) => {
    if (done) return;
    end();
    fail(error);
  };
  const onStop = () => once(stop?.reason);
  function end() {
    done = true;
    clearInterval(timer);
    stop?.removeEventListener('abort', onStop);
    if (socket && bodyFailures.get(socket)?.fail === once) bodyFailures.delete(socket);
  }
  if (stop?.aborted) {
    onStop();
    return end;
  }
  stop?.addEventListener('abort', onStop, { once: true });
  const measurable = socket !== null && typeof socket.bytesRead === 'number';
  if (!measurable) return end;
  const pending = bodyFailures.get(socket)?.error;
  bodyFailures.set(socket, { fail: once });
  if (pending) {
    once(pending);
    return end;
  }
  const started = Date.now();
  const samples: { at: number; bytes: number }[] = [{ at: started, bytes: socket.bytesRead }];
  let lastProgress = started;
  const tick = Math.max(10, Math.min(500, Math.floor(Math.min(pace.idleMs, pace.windowMs) / 4)));
  timer = setInterval(() => {
    const now = Date.now();
    const bytes = socket.bytesRead;
    const previous = samples[samples.length - 1] as { bytes: number };
    if (bytes !== previous.bytes) lastProgress = now;
    samples.push({ at: now, bytes });
    while (samples.length > 2 && now - (samples[1] as { at: number }).at >= pace.windowMs) samples.shift();
    if (pace.idleMs > 0 && now - lastProgress >= pace.idleMs) {
      once(
        new ApiError('REQUEST_TIMEOUT', `The upload stalled: nothing arrived for ${seconds(pace.idleMs)}.`),
      );
      return;
    }
    const oldest = samples[0] as { at: number; bytes: number };
    const span = now - oldest.at;
    if (pace.minBytesPerSecond > 0 && now - started >= pace.graceMs && span >= pace.windowMs) {
      const rate = ((bytes - oldest.bytes) * 1000) / span;
      if (rate < pace.minBytesPerSecond) {
        once(
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
  return end;
}

/**
 * Races the reading of an upload against `watchBody`: the first of the two to settle wins.
 *
 * @example const input = await guardUpload(request.raw, readToolInput(…), pace, shutdown.signal);
 */
export async function guardUpload<T>(
  request: IncomingMessage,
  reading: Promise<T>,
  pace: UploadPace,
  stop?: AbortSignal,
): Promise<T> {
  let end = () => {};
  const guard = new Promise<never>((_, reject) => {
    end = watchBody(request, pace, stop, reject);
  });
  try {
    return await Promise.race([reading, guard]);
  } finally {
    end();
  }
}
