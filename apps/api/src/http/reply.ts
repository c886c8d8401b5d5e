import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { bufferView } from '../bytes.js';
import {
  analysisBody,
  type DocumentResult,
  type ResultContext,
  resultHeaders,
  type StoredResponse,
  type ToolResult,
} from '../core/result.js';

export function serverTiming(timings: Record<string, number>): string {
  return Object.entries(timings)
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');
}

/** A document's body as Fastify sends it: parts made by two workers go out without being joined. */
function documentBody(reply: FastifyReply, body: DocumentResult['body']): string | Buffer | Readable {
  if (typeof body === 'string') return body;
  if (!Array.isArray(body)) return bufferView(body);
  reply.header(
    'content-length',
    body.reduce((sum, chunk) => sum + chunk.byteLength, 0),
  );
  return Readable.from(body.map(bufferView), { objectMode: false });
}

/** Sends a result of the core with the contract's headers and the exchange's Server-Timing. */
export function sendResult(
  reply: FastifyReply,
  result: ToolResult,
  context: ResultContext,
  timings: Record<string, number>,
  /** Headers over the result's own (ETag, Cache-Control of a GET, X-Cache). */
  extra: Record<string, string> = {},
): FastifyReply {
  reply.headers(resultHeaders(result, context)).headers(extra).header('server-timing', serverTiming(timings));
  switch (result.kind) {
    case 'file':
      return reply.send(result.data);
    case 'document':
      return reply.send(documentBody(reply, result.body));
    case 'analysis':
      return reply.send(analysisBody(result));
  }
}

/** A stored answer (a job's, a pipeline's last step) sent as it was, without its old length. */
export function sendStored(reply: FastifyReply, response: StoredResponse): FastifyReply {
  const { 'content-length': _length, 'x-request-id': _id, ...headers } = response.headers;
  return reply.code(response.status).headers(headers).send(response.body);
}
