import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Execute, JobRequest, StoredResponse } from './types.js';

/*
 * A job runs as its own request, injected into this process' app: every rule of the synchronous
 * route holds (validation, limits, lanes, timeouts, the contract's errors). The injected request
 * carries a secret of this process, which marks it as already admitted (its key was checked and it
 * was counted by the rate limit when it was submitted) and keeps it from being queued again.
 */

export const internalHeader = 'x-toolkit-internal';

/** Whether a request carries this process' secret. */
export function isInternal(header: unknown, secret: Buffer): boolean {
  if (typeof header !== 'string' || header.length !== secret.length * 2) return false;
  return timingSafeEqual(Buffer.from(header, 'hex'), secret);
}

/** A busy lane is not a failure for a job: it waits its turn (Retry-After) and tries again. */
const maxBusyRetries = 60;

/**
 * A response's bytes without copying a body written in one piece (node:stream/consumers' buffer()
 * copies each one twice, through a Blob: megabytes per pipeline step, and the garbage collection
 * they cost was a third of a small photo's pipeline time).
 */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
}

export function createExecutor(app: FastifyInstance, secret: Buffer): Execute {
  return async (request: JobRequest, signal: AbortSignal): Promise<StoredResponse> => {
    for (let attempt = 0; ; attempt++) {
      // As a stream: the buffered form also decodes every body as UTF-8 text, megabytes of an image
      // included, which nothing here reads (see collect).
      const response = await app.inject({
        method: request.method as 'POST',
        url: request.url,
        headers: { ...request.headers, [internalHeader]: secret.toString('hex') },
        payload: request.body,
        payloadAsStream: true,
        signal,
      });
      const body = await collect(response.stream());
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && name !== 'connection' && name !== 'keep-alive') {
          headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
        }
      }
      const overloaded =
        response.statusCode === 503 &&
        headers['content-type']?.startsWith('application/json') &&
        (JSON.parse(body.toString('utf8')) as { code?: string }).code === 'OVERLOADED';
      if (!overloaded || attempt >= maxBusyRetries || signal.aborted) {
        return { status: response.statusCode, headers, body };
      }
      const seconds = Math.min(Number(headers['retry-after']) || 1, 10);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  };
}
