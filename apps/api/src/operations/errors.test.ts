import { describe, expect, it } from 'vitest';
import { toApiError } from '../errors.js';
import { OperationError } from './errors.js';

describe('OperationError', () => {
  it('becomes the contract error of its code, with the field named in details', () => {
    const error = toApiError(
      new OperationError('VALIDATION_ERROR', 'The document has 3 pages.', { field: 'pages' }),
      0,
    );
    expect(error.statusCode).toBe(400);
    expect(error.toBody()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'The document has 3 pages.',
      details: [{ field: 'pages', message: 'The document has 3 pages.' }],
    });
  });

  it('keeps the status of its code and sends no details without a field', () => {
    const error = toApiError(new OperationError('UNPROCESSABLE_FILE', 'The PDF is encrypted.'), 0);
    expect(error.statusCode).toBe(422);
    expect(error.toBody()).toEqual({
      success: false,
      code: 'UNPROCESSABLE_FILE',
      message: 'The PDF is encrypted.',
    });
  });
});
