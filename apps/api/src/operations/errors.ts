import type { ErrorCode } from '@toolkit/catalog';

/**
 * A domain failure of an operation: which contract case it is (a catalog error code) and a sentence
 * a person can act on. Operations know nothing of HTTP; the errors plugin alone turns this into a
 * status, headers and the JSON error body. `field` names the request field at fault, when one is;
 * `detail` is the field's own sentence for `details` when it differs from the message.
 *
 * @example throw new OperationError('UNPROCESSABLE_FILE', 'The PDF is encrypted with a password.')
 * @example throw new OperationError('VALIDATION_ERROR', 'The document has 3 pages; page 7 does not exist.', { field: 'pages' })
 */
export class OperationError extends Error {
  override name = 'OperationError';
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly detail: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; detail?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.detail = options.detail;
  }
}

export function isOperationError(error: unknown): error is OperationError {
  return error instanceof OperationError;
}
