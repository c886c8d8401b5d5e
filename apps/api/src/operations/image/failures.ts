import { OperationError } from '../errors.js';
import type { ImageLimits } from './limits.js';
import { megapixels } from './probe.js';

/**
 * Turns a libvips failure during decoding or encoding into the contract's case: a pixel limit is
 * IMAGE_TOO_LARGE, a timeout TIMEOUT, anything else a file that cannot be decoded. Our own
 * OperationErrors pass through unchanged.
 */
export function decodeFailure(cause: unknown, limits: ImageLimits): OperationError {
  if (cause instanceof OperationError) return cause;
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/pixel limit/i.test(message)) {
    return new OperationError(
      'IMAGE_TOO_LARGE',
      `The image has more than ${megapixels(limits.maxInputPixels)} to decode.`,
      { cause },
    );
  }
  if (/timeout/i.test(message)) {
    return new OperationError(
      'TIMEOUT',
      `Processing the image took longer than ${limits.timeoutMs / 1000} s.`,
      { cause },
    );
  }
  return new OperationError(
    'UNPROCESSABLE_FILE',
    'The image could not be decoded: it looks corrupt or truncated.',
    {
      cause,
    },
  );
}
