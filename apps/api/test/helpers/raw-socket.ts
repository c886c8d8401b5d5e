import { connect, type Socket } from 'node:net';

/** A raw HTTP/1.1 exchange: the socket (to hold or end it) and everything the server sent back. */
export interface RawExchange {
  socket: Socket;
  /** All bytes received until the server closed the connection. */
  reply: Promise<string>;
  /** Resolves once the bytes have been handed to the kernel. */
  sent: Promise<void>;
}

/** Opens a connection to `base` and writes `bytes` as is (a request, or the start of one; strings as Latin-1). */
export function rawRequest(base: string, bytes: string | Buffer): RawExchange {
  const { port, hostname } = new URL(base);
  const socket = connect(Number(port), hostname);
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const reply = new Promise<string>((resolve) => {
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('close', () => resolve(data));
    // A reset after the answer is still an answer; the test reads whatever came.
    socket.on('error', () => {});
  });
  socket.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes, () => markSent());
  return { socket, reply, sent };
}

/** The status code, lower-cased headers and body of a raw HTTP reply. */
export function parseReply(reply: string): { status: number; headers: Record<string, string>; body: string } {
  const split = reply.indexOf('\r\n\r\n');
  const head = split === -1 ? reply : reply.slice(0, split);
  const body = split === -1 ? '' : reply.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** The head of a multipart upload to `path` that then stalls: its body never comes. */
export function stalledUpload(base: string, path: string): RawExchange {
  return rawRequest(
    base,
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=XX\r\n` +
      'Content-Length: 100000\r\n\r\n--XX\r\n',
  );
}
