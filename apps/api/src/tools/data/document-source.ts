import { bodySourceOf, type InputFile } from '../../core/fields.js';
import { assertNesting } from '../../operations/data/limits.js';
import { OperationError } from '../../operations/errors.js';
import type { RunOptions } from '../../runtime/worker-pool.js';

/** Where a JSON-or-file tool's document is: the uploaded file's bytes, else its JSON member. */
export interface DocumentSource<T> {
  input: T | Uint8Array;
  /** The request field it came from ("file" or the JSON member), named in errors. */
  field: string;
  /** Set when `input` is the whole JSON body's text, to be read again for this member's value. */
  member?: string;
}

/**
 * The document a data or text tool works on: an uploaded `file` wins (the panel sends one instead
 * of the text), else the JSON member `key`; neither is VALIDATION_ERROR naming both ways.
 *
 * @example documentSource(fields.csv, 'csv', file, 'CSV') // { input: 'a,b\n1,2', field: 'csv' }
 */
export function documentSource<T>(
  value: T | undefined,
  key: string,
  file: InputFile | undefined,
  what: string,
): DocumentSource<T> {
  if (file)
    return {
      input: new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength),
      field: 'file',
    };
  if (value === undefined) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `Send the ${what} as "${key}" in a JSON body, or upload it as a file in the field "file".`,
      { field: key },
    );
  }
  return { input: value, field: key };
}

/**
 * A JSON member that is a value, not JSON text, has lost what JSON.parse changes (digits beyond
 * 2^53, 1e400): the worker reads it again from the body's text (plugins/json-body.ts), which also
 * costs less to send than a structured clone of the value. A value without that text (never, from
 * a request) travels as a clone, which overflows the stack 100,000 levels deep: checked here first.
 */
export function jsonSource(value: unknown, file: InputFile | undefined): DocumentSource<unknown> {
  const source = documentSource(value, 'json', file, 'JSON');
  if (typeof source.input === 'string' || source.input instanceof Uint8Array) return source;
  const body = bodySourceOf(source.input);
  if (body) return { input: body.text, field: source.field, member: body.member };
  assertNesting(source.input, 'JSON', source.field);
  return source;
}

/**
 * Run options that hand an uploaded document's bytes to the worker thread instead of copying them:
 * cloning 10 MB on the event loop stalls every other request for tens of milliseconds. The upload
 * buffer is the request's own (http/multipart.ts allocates it for the file), so nothing reads it
 * afterwards; after the call `file.data` is empty. A JSON member, or a small upload that lives in
 * Node's shared pool of small buffers, is copied as before.
 *
 * @example await runTask('data.csv-to-json', { ...source, options }, handOver(source))
 */
export function handOver(source: DocumentSource<unknown>): RunOptions {
  const { input } = source;
  if (!(input instanceof Uint8Array) || !(input.buffer instanceof ArrayBuffer)) return {};
  return input.buffer.byteLength > Buffer.poolSize ? { transfer: [input.buffer] } : {};
}

export const jsonType = 'application/json; charset=utf-8';
