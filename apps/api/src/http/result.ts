import { Readable } from 'node:stream';
// The package's own path: its types are in @types, not in the newer copy @fastify/static has hoisted.
import formatDisposition from 'content-disposition/index.js';
import type { FastifyReply } from 'fastify';
import { bufferView } from '../bytes.js';

/** A binary download (image, archive, audio, PDF): Content-Disposition: attachment. */
export interface FileResult {
  kind: 'file';
  /** The bytes, or a stream of them (a large archive; its handler sets Content-Length). */
  data: Buffer | Readable;
  contentType: string;
  /** File name extension of the result, without the dot. */
  extension: string;
  headers?: Record<string, string | number>;
}

/** A converted document (CSV, JSON, XML, text) sent as itself. */
export interface DocumentResult {
  kind: 'document';
  /**
   * Text, or its bytes (encoded in a worker and moved here: nothing left to encode on the event
   * loop), or the bytes in consecutive chunks (parts made by two workers: sent without joining them).
   */
  body: string | Uint8Array | Uint8Array[];
  contentType: string;
  headers?: Record<string, string | number>;
}

/** JSON {success, message, data}. */
export interface AnalysisResult {
  kind: 'analysis';
  message: string;
  data: unknown;
}

/** What a handler produces; the route turns it into a response with the contract's headers. */
export type ToolResult = FileResult | DocumentResult | AnalysisResult;

export interface ResultContext {
  /** Operation name used in download names: <original-stem>-<operation>.<ext>. */
  operation: string;
  /** The uploaded file's name, if any. */
  sourceName: string | undefined;
  /** Server-Timing entries, in milliseconds. */
  timings: Record<string, number>;
}

/** The uploaded name without folders and without its last extension. */
export function rawStem(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
}

/** The stem of an uploaded name, reduced to characters that are safe in a quoted header value. */
export function fileStem(name: string | undefined): string {
  const clean = rawStem(name)
    .normalize('NFKD')
    .replace(/[^\w.\- ]+/g, '')
    .replace(/\s+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100);
  return clean || 'file';
}

/**
 * `attachment; filename="<stem>-<operation>.<ext>"` with an ASCII stem, plus `filename*` with the
 * original UTF-8 stem when it has characters the ASCII form had to drop.
 *
 * @example contentDisposition('photo.jpeg', 'resize', 'jpg') // 'attachment; filename="photo-resize.jpg"'
 */
export function contentDisposition(
  sourceName: string | undefined,
  operation: string,
  extension: string,
): string {
  const ascii = `${fileStem(sourceName)}-${operation}.${extension}`;
  const original = rawStem(sourceName);
  // U+FFFD: the name was not UTF-8 (e.g. Latin-1 bytes); the ASCII form is all that is reliable.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  const unicode = /[^\x20-\x7e]/.test(original) && !/[\u0000-\u001f\u007f\ufffd]/.test(original);
  return unicode
    ? formatDisposition(`${original}-${operation}.${extension}`, { fallback: ascii })
    : formatDisposition(ascii);
}

/** The download name in a Content-Disposition this server wrote (filename* first), if any. */
export function downloadName(header: string | undefined): string | undefined {
  return header ? formatDisposition.parse(header).parameters.filename : undefined;
}

function serverTiming(timings: Record<string, number>): string {
  return Object.entries(timings)
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');
}

function documentBody(reply: FastifyReply, body: DocumentResult['body']): string | Buffer | Readable {
  if (typeof body === 'string') return body;
  if (!Array.isArray(body)) return bufferView(body);
  reply.header(
    'content-length',
    body.reduce((sum, chunk) => sum + chunk.byteLength, 0),
  );
  return Readable.from(body.map(bufferView), { objectMode: false });
}

/** Sends a handler's result with the contract's headers. */
export function sendResult(reply: FastifyReply, result: ToolResult, context: ResultContext): FastifyReply {
  reply.header('cache-control', 'no-store');
  reply.header('server-timing', serverTiming(context.timings));
  switch (result.kind) {
    case 'file':
      return reply
        .headers(result.headers ?? {})
        .header('content-type', result.contentType)
        .header(
          'content-disposition',
          contentDisposition(context.sourceName, context.operation, result.extension),
        )
        .send(result.data);
    case 'document':
      return reply
        .headers(result.headers ?? {})
        .header('content-type', result.contentType)
        .send(documentBody(reply, result.body));
    case 'analysis':
      return reply.send({ success: true, message: result.message, data: result.data });
  }
}
