import { OperationError } from '../../src/operations/errors.js';

/**
 * The OperationError a call (or a promise) throws: a test fails when it throws anything else, or nothing.
 *
 * @example expect((await failure(openPdf(bytes))).code).toBe('INVALID_FILE')
 */
export async function failure(run: (() => unknown) | Promise<unknown>): Promise<OperationError> {
  try {
    await (typeof run === 'function' ? run() : run);
  } catch (error) {
    if (error instanceof OperationError) return error;
    throw error;
  }
  throw new Error('expected an OperationError, but nothing was thrown');
}

/** The code, message and field of an OperationError, for one exact comparison. */
export async function failureOf(
  run: () => unknown,
): Promise<{ code: string; message: string; field?: string }> {
  const error = await failure(run);
  return {
    code: error.code,
    message: error.message,
    ...(error.field === undefined ? {} : { field: error.field }),
  };
}
