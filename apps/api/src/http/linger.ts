import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long, and how much, we keep reading an unwanted body after answering. */
const lingerMs = 2000;
const lingerBytes = 32 * 1024 * 1024;

/**
 * After an early answer (413 for an oversized upload) the client is usually still sending. Closing
 * at once makes many clients see a connection reset instead of our answer; reading the whole body
 * is what the limit is meant to prevent. So, like a web server's lingering close: once the answer
 * is out, keep discarding what arrives for a moment (bounded in time and bytes), then close.
 */
export function lingerThenClose(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  if (!socket || typeof socket.destroy !== 'function') return;
  response.once('finish', () => {
    if (request.complete) return;
    let seen = 0;
    const close = () => {
      clearTimeout(timer);
      socket.off('data', count);
      socket.destroy();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > lingerBytes) close();
    };
    const timer = setTimeout(close, lingerMs);
    timer.unref();
    socket.on('data', count);
    request.once('end', () => {
      clearTimeout(timer);
      socket.off('data', count);
    });
    request.resume();
  });
}
