import type { Readable } from 'node:stream';
// The package's own path: its types are in @types, not in the newer copy @fastify/static has hoisted.
import formatDisposition from 'content-disposition/index.js';
import { bufferView } from '../bytes.js';
import { toApiError } from '../errors.js';

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
}

/** A result as the synchronous call answers it: status, headers and the whole body. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
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

/**
 * The headers a result is answered with (besides Server-Timing, which belongs to one exchange):
 * the same for a synchronous reply, a stored job answer and a pipeline's last step.
 */
export function resultHeaders(result: ToolResult, context: ResultContext): Record<string, string> {
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (result.kind === 'analysis') {
    headers['content-type'] = 'application/json; charset=utf-8';
    return headers;
  }
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  headers['content-type'] = result.contentType;
  if (result.kind === 'file') {
    headers['content-disposition'] = contentDisposition(
      context.sourceName,
      context.operation,
      result.extension,
    );
  }
  return headers;
}

/** The JSON envelope of an analysis result, as every way in writes it. */
export function analysisBody(result: AnalysisResult): string {
  return JSON.stringify({ success: true, message: result.message, data: result.data });
}

/** A result's body in one buffer (a streamed archive is read to its end). */
export async function resultBytes(result: ToolResult): Promise<Buffer> {
  switch (result.kind) {
    case 'analysis':
      return Buffer.from(analysisBody(result));
    case 'document': {
      const { body } = result;
      if (typeof body === 'string') return Buffer.from(body);
      if (!Array.isArray(body)) return bufferView(body);
      return Buffer.concat(body.map(bufferView));
    }
    case 'file': {
      if (Buffer.isBuffer(result.data)) return result.data;
      const chunks: Buffer[] = [];
      for await (const chunk of result.data) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
  }
}

/** The whole answer of a result, as a job stores it and the synchronous call would have sent it. */
export async function storedResult(result: ToolResult, context: ResultContext): Promise<StoredResponse> {
  const body = await resultBytes(result);
  const headers = resultHeaders(result, context);
  headers['content-length'] = String(body.length);
  return { status: 200, headers, body };
}

/**
 * The contract's JSON error for anything a call threw, as a stored answer (a job's, a step's).
 * `retryAfterSeconds`: what every 503 says when the error itself does not.
 */
export function storedError(error: unknown, retryAfterSeconds: number): StoredResponse {
  const apiError = toApiError(error, 0);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...apiError.headers,
  };
  if (apiError.statusCode === 503 && !('retry-after' in headers))
    headers['retry-after'] = String(retryAfterSeconds);
  const body = Buffer.from(JSON.stringify(apiError.toBody()));
  headers['content-length'] = String(body.length);
  return { status: apiError.statusCode, headers, body };
}

const extensionOfType: Record<string, string> = {
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/html': 'html',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/yaml': 'yaml',
  'application/pdf': 'pdf',
};

/** The extension a result goes by: a file's own, else its media type's. */
export function resultExtension(result: ToolResult): string {
  if (result.kind === 'file') return result.extension;
  if (result.kind === 'analysis') return 'json';
  const type = result.contentType.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return extensionOfType[type] ?? 'bin';
}
