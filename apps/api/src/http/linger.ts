import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long, and how much, we keep reading an unwanted body after answering. */
const lingerMs = 2000;
const lingerBytes = 32 * 1024 * 1024;

/**
 * After an early answer (413 for an oversized upload, 503 while uploads queue) the client is
 * usually still sending. Closing at once makes many clients see a connection reset instead of our
 * answer; reading the whole body is what the limit is meant to prevent. So, like a web server's
 * lingering close: once the answer is out, keep discarding what arrives for a moment (bounded in
 * time and bytes), then close. If the body ends in time, the connection stays open for the next
 * request.
 *
 * The bytes are counted from the socket's counter, not with a 'data' listener on the socket: such
 * a listener takes the socket away from Node's HTTP parser, the rest of the body is then never
 * drained, and a client reusing the connection is reset.
 */
export function lingerThenClose(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  if (!socket || typeof socket.destroy !== 'function') return;
  response.once('finish', () => {
    if (request.complete) return;
    const start = socket.bytesRead;
    const stop = () => {
      clearTimeout(timer);
      clearInterval(watch);
    };
    const close = () => {
      stop();
      socket.destroy();
    };
    const timer = setTimeout(close, lingerMs);
    const watch = setInterval(() => {
      if (socket.bytesRead - start > lingerBytes) close();
    }, 50);
    timer.unref();
    watch.unref();
    request.once('end', stop);
    request.resume();
  });
}
