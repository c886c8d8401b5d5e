import { type ErrorBody, type ErrorCode, errorCodes } from '@toolkit/catalog';
import { OperationError } from './operations/errors.js';

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

const byStatus: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  403: 'NOT_FOUND',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  // A path segment longer than Fastify's maxParamLength: the request is at fault, not we.
  414: 'MALFORMED_REQUEST',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'OVERLOADED',
};

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This Content-Type is not accepted here. Send files as multipart/form-data and text as application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty. Send a JSON object, or no Content-Type at all.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The JSON body could not be parsed.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL:
    'The address is not a valid URL: a "%" in it must start an escape such as %20 that decodes to UTF-8 text.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_ERR_HANDLER_TIMEOUT: errorCodes.TIMEOUT.message,
};

/** Translates any thrown value into the contract's error. */
export function toApiError(error: unknown, bodyLimit: number): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OperationError) {
    const details = error.field
      ? [{ field: error.field, message: error.detail ?? error.message }]
      : undefined;
    return new ApiError(error.code, error.message, { details, cause: error });
  }
  const e = error as { statusCode?: number; status?: number; code?: string };
  const status = e.statusCode ?? e.status ?? 500;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const mb = Math.round((bodyLimit / 1024 / 1024) * 10) / 10;
    return new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than the ${mb} MB allowed.`);
  }
  const code = byStatus[status];
  if (status >= 500 || !code) {
    return new ApiError('INTERNAL_ERROR', undefined, { cause: error });
  }
  const known = e.code ? fastifyMessages[e.code] : undefined;
  // JSON syntax errors carry a 400 and no Fastify code.
  const message = known ?? (error instanceof SyntaxError ? 'The JSON body could not be parsed.' : undefined);
  return new ApiError(code, message, { cause: error });
}
