import { type ErrorBody, type ErrorCode, errorCodes } from '@toolkit/catalog';

export type FieldIssue = { field: string; message: string };

/**
 * The one error type of the server: a contract code (which fixes the HTTP status) and a sentence
 * a person can act on. The error handler turns it into the JSON error body.
 *
 * @example throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'PDF files are not images.')
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: FieldIssue[] | undefined;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string = errorCodes[code].message,
    options: { details?: FieldIssue[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.statusCode = errorCodes[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  toBody(): ErrorBody {
    return {
      success: false,
      message: this.message,
      code: this.code,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
