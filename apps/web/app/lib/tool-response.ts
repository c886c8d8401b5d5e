import type { OutputKind } from '@toolkit/catalog';
import {
  ApiError,
  errorFrom,
  isObject,
  JSON_INSTEAD_OF_FILE_MESSAGE,
  readJson,
  UNKNOWN_BLOB_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './api-errors';
import { filenameFromContentDisposition } from './content-disposition';

/*
 * Reading a successful answer, chosen by the catalog's output kind (API contract, "Common rules"):
 * 'analysis' is JSON {success, message, data}; 'document' is the converted text itself; the rest
 * ('image', 'archive', 'audio', 'pdf') are files with a Content-Disposition name and result headers.
 */

/**
 * Beyond this a document is offered as a download instead of being put into the page: laying out
 * megabytes of text freezes the tab (DESIGN.md, "Large results are offered as a download").
 */
export const LARGE_RESULT_BYTES = 1024 * 1024;

/** A file result: the bytes, the server's name for them and every response header. */
export interface FileResult {
  blob: Blob;
  /** From Content-Disposition; undefined when the server gave none. */
  filename: string | undefined;
  /** The full Content-Type, parameters included. */
  contentType: string;
  /** All response headers: X-Original-Size, X-Duration-Seconds, X-Missing-Glyphs… (see resultNumber). */
  headers: Headers;
  /** X-Image-Width / X-Image-Height, for image results. */
  width: number | undefined;
  height: number | undefined;
}

/** A converted document: a file, plus its text when it is text and small enough to show. */
export interface DocumentResult extends FileResult {
  /** Undefined when the result is binary or larger than LARGE_RESULT_BYTES: offer the download. */
  text: string | undefined;
}

/** An analysis: the success message and the `data` member. */
export interface AnalysisResult<Data = unknown> {
  message: string;
  data: Data;
}

/** What a call returns for each output kind. */
export type ResultOf<O extends OutputKind, Data = unknown> = O extends 'analysis'
  ? AnalysisResult<Data>
  : O extends 'document'
    ? DocumentResult
    : FileResult;

/** The media type alone, lower case: 'text/csv; charset=utf-8' → 'text/csv'. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isJsonType(contentType: string | null): boolean {
  const type = mediaType(contentType ?? '');
  return type === 'application/json' || type.endsWith('+json');
}

/** Types a person can read in the page: text/*, JSON, XML, YAML. */
export function isTextType(contentType: string): boolean {
  const type = mediaType(contentType);
  return (
    type.startsWith('text/') ||
    isJsonType(type) ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/yaml' ||
    type === 'application/x-yaml'
  );
}

/** A numeric result header (X-Original-Size, X-Duration-Seconds…), or undefined when absent or not a number. */
export function resultNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function positiveInt(headers: Headers, name: string): number | undefined {
  const value = resultNumber(headers, name);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

async function readFile(response: Response): Promise<FileResult> {
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type') ?? '',
    headers: response.headers,
    width: positiveInt(response.headers, 'x-image-width'),
    height: positiveInt(response.headers, 'x-image-height'),
  };
}

async function readAnalysis(response: Response): Promise<AnalysisResult> {
  const body = await readJson(response);
  if (!isObject(body)) {
    throw new ApiError({ status: response.status, code: 'INVALID_RESPONSE', message: UNKNOWN_ERROR_MESSAGE });
  }
  if (body.success === false) throw errorFrom(response, body, UNKNOWN_ERROR_MESSAGE, 'REQUEST_FAILED');
  return { message: typeof body.message === 'string' ? body.message : '', data: body.data };
}

/** Reads a successful (2xx) answer the way the tool's output kind says. */
export async function readResult(response: Response, output: OutputKind): Promise<ResultOf<OutputKind>> {
  if (output === 'analysis') return readAnalysis(response);
  const contentType = response.headers.get('content-type') ?? '';
  if (output !== 'document' && isJsonType(contentType)) {
    // A 200 whose body is JSON is a message from the server, not the file that was asked for.
    const body = await readJson(response);
    const fallback = body === undefined ? UNKNOWN_BLOB_ERROR_MESSAGE : JSON_INSTEAD_OF_FILE_MESSAGE;
    throw errorFrom(response, body, fallback, 'UNEXPECTED_JSON');
  }
  const file = await readFile(response);
  if (output !== 'document') return file;
  const readable = isTextType(contentType) && file.blob.size <= LARGE_RESULT_BYTES;
  return { ...file, text: readable ? await file.blob.text() : undefined };
}
