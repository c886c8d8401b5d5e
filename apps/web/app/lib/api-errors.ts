/*
 * The failures of an API call. Every answer that is not the expected result becomes an ApiError (or a
 * NetworkError when no answer came back), whose message is the sentence the panels show. The mutation
 * defaults (app/lib/query-client.ts) read `status` and `retryAfterSeconds` to decide on retries.
 */

/** Texts of the specification's error catalogue (§8). */
export const UNAUTHORIZED_MESSAGE = 'You are not authorized to perform this action. Please log in.';
export const JSON_INSTEAD_OF_FILE_MESSAGE = 'Server returned JSON instead of file';
export const UNKNOWN_BLOB_ERROR_MESSAGE = 'Unknown error (from blob)';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';

export interface FieldProblem {
  field: string;
  message: string;
}

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: readonly FieldProblem[];
  retryAfterSeconds?: number;
}

/** An answer from the server that is not the expected result: its status, code and message. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: readonly FieldProblem[] | undefined;
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

/** Retry-After in seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON value of a body, or undefined when it is empty or not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function detailsOf(body: Record<string, unknown>): FieldProblem[] | undefined {
  if (!Array.isArray(body.details)) return undefined;
  return body.details.filter(
    (d): d is FieldProblem => isObject(d) && typeof d.field === 'string' && typeof d.message === 'string',
  );
}

/** An ApiError from a parsed body: its message and code when it has them, else the fallback. */
export function errorFrom(
  response: Response,
  body: unknown,
  fallback: string,
  fallbackCode: string,
): ApiError {
  const fields = isObject(body) ? body : {};
  const message = typeof fields.message === 'string' && fields.message.trim() !== '' ? fields.message : '';
  return new ApiError({
    status: response.status,
    code: typeof fields.code === 'string' ? fields.code : fallbackCode,
    message: message || fallback,
    details: detailsOf(fields),
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  });
}

/**
 * Where a parse error points, when its sentence says so: 'Invalid JSON at line 3, column 14: …' →
 * { line: 3, column: 14 }. The API puts the position of the first error of a document in the message.
 */
export function errorPosition(message: string): { line: number; column: number | undefined } | undefined {
  const match = /\bline\s+(\d+)(?:\s*,?\s*(?:column|col\.?)\s+(\d+))?/i.exec(message);
  if (!match?.[1]) return undefined;
  return { line: Number(match[1]), column: match[2] ? Number(match[2]) : undefined };
}
