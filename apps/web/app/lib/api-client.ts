import { filenameFromContentDisposition } from './content-disposition';

/*
 * The one HTTP client of the website. Every call is a multipart POST to the API (specification §7);
 * every failure becomes an ApiError (or a NetworkError when no response came back), whose message is
 * the sentence the panels show. Retries are not done here: TanStack Query's mutation defaults
 * (app/lib/query-client.ts) retry network errors, 5xx and 429 by reading `status` and
 * `retryAfterSeconds` from these errors.
 */

/** Texts of the specification's error catalogue (§8). */
export const UNAUTHORIZED_MESSAGE = 'You are not authorized to perform this action. Please log in.';
export const JSON_INSTEAD_OF_FILE_MESSAGE = 'Server returned JSON instead of file';
export const UNKNOWN_BLOB_ERROR_MESSAGE = 'Unknown error (from blob)';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';

const DEFAULT_API_BASE_URL = '/api/v1';

/** The API base: VITE_API_BASE_URL at build time, else /api/v1 on the same origin. */
export function resolveApiBaseUrl(configured: unknown): string {
  const base = typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : '';
  return (base || DEFAULT_API_BASE_URL).replace(/\/+$/, '');
}

export const apiBaseUrl = resolveApiBaseUrl(import.meta.env.VITE_API_BASE_URL);

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: readonly { field: string; message: string }[];
  retryAfterSeconds?: number;
}

/** An answer from the server that is not the expected result: its status, code and message. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: readonly { field: string; message: string }[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * No response at all (offline, DNS, connection reset). A TypeError, like the one fetch throws, so
 * the mutation defaults retry it; its message is a sentence instead of the browser's 'Failed to fetch'.
 */
export class NetworkError extends TypeError {
  override name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
  }
}

export type FormScalar = string | number | boolean;
export type FormValue = FormScalar | Blob | readonly FormScalar[] | null | undefined;

/**
 * Multipart form of the fields. Empty strings, undefined, null (and NaN, empty arrays) are left out, so
 * the server applies its defaults (§5); arrays are sent JSON-encoded (§7); a File keeps its name.
 */
export function toFormData(fields: Readonly<Record<string, FormValue>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    if (value instanceof Blob) {
      form.append(name, value, value instanceof File ? value.name : 'blob');
    } else if (Array.isArray(value)) {
      if (value.length > 0) form.append(name, JSON.stringify(value));
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

interface ErrorBodyLike {
  message?: unknown;
  code?: unknown;
  details?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON value of a body, or undefined when it is empty or not JSON. */
async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isJsonType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

function detailsOf(body: ErrorBodyLike): ApiErrorInit['details'] {
  if (!Array.isArray(body.details)) return undefined;
  return body.details.filter(
    (d): d is { field: string; message: string } =>
      isObject(d) && typeof d.field === 'string' && typeof d.message === 'string',
  );
}

/** An ApiError from a parsed body: its message and code when it has them, else the fallback. */
function errorFrom(response: Response, body: unknown, fallback: string, fallbackCode: string): ApiError {
  const fields: ErrorBodyLike = isObject(body) ? body : {};
  const message = typeof fields.message === 'string' && fields.message.trim() !== '' ? fields.message : '';
  return new ApiError({
    status: response.status,
    code: typeof fields.code === 'string' ? fields.code : fallbackCode,
    message: message || fallback,
    details: detailsOf(fields),
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  });
}

/** A binary result: the file, the name the server gave it, and the image size headers when sent. */
export interface FileResult {
  blob: Blob;
  filename: string | undefined;
  contentType: string;
  width: number | undefined;
  height: number | undefined;
}

function intHeader(response: Response, name: string): number | undefined {
  const value = Number(response.headers.get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export interface ApiClientOptions {
  /** Defaults to `apiBaseUrl`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called on every 401, before the error is thrown: clear cached data and the signed-in user. */
  onUnauthorized?: () => void;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** POSTs a form and reads a JSON result (`{success, message, data}`). */
  postForm<T>(path: string, fields: Readonly<Record<string, FormValue>>, signal?: AbortSignal): Promise<T>;
  /** POSTs a form and reads a binary result (an image, an archive…). */
  postFormForFile(
    path: string,
    fields: Readonly<Record<string, FormValue>>,
    signal?: AbortSignal,
  ): Promise<FileResult>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? apiBaseUrl).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function send(
    path: string,
    fields: Readonly<Record<string, FormValue>>,
    expect: 'json' | 'file',
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method: 'POST',
        body: toFormData(fields),
        headers: { Accept: expect === 'json' ? 'application/json' : '*/*' },
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new NetworkError({ cause: error });
    }
    if (response.status === 401) {
      options.onUnauthorized?.();
      const body = await readJson(response);
      throw new ApiError({
        status: 401,
        code: isObject(body) && typeof body.code === 'string' ? body.code : 'UNAUTHORIZED',
        message: UNAUTHORIZED_MESSAGE,
      });
    }
    if (!response.ok) {
      // An error answer to a file request is read as text first: it may be JSON that names the problem.
      const fallback = expect === 'file' ? UNKNOWN_BLOB_ERROR_MESSAGE : UNKNOWN_ERROR_MESSAGE;
      const body = await readJson(response);
      throw errorFrom(response, body, body === undefined ? UNKNOWN_ERROR_MESSAGE : fallback, 'HTTP_ERROR');
    }
    return response;
  }

  return {
    baseUrl,
    async postForm<T>(path: string, fields: Readonly<Record<string, FormValue>>, signal?: AbortSignal) {
      const response = await send(path, fields, 'json', signal);
      const body = await readJson(response);
      if (!isObject(body)) {
        throw new ApiError({
          status: response.status,
          code: 'INVALID_RESPONSE',
          message: UNKNOWN_ERROR_MESSAGE,
        });
      }
      if (body.success === false) throw errorFrom(response, body, UNKNOWN_ERROR_MESSAGE, 'REQUEST_FAILED');
      return body as T;
    },
    async postFormForFile(path: string, fields: Readonly<Record<string, FormValue>>, signal?: AbortSignal) {
      const response = await send(path, fields, 'file', signal);
      const contentType = response.headers.get('content-type') ?? '';
      if (isJsonType(contentType)) {
        // A 200 whose body is JSON is a message from the server, not the file that was asked for.
        const body = await readJson(response);
        const fallback = body === undefined ? UNKNOWN_BLOB_ERROR_MESSAGE : JSON_INSTEAD_OF_FILE_MESSAGE;
        throw errorFrom(response, body, fallback, 'UNEXPECTED_JSON');
      }
      return {
        blob: await response.blob(),
        filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
        contentType,
        width: intHeader(response, 'x-image-width'),
        height: intHeader(response, 'x-image-height'),
      };
    },
  };
}
