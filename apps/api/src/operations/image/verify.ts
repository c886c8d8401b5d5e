import sharp from 'sharp';
import { decodeFailure } from './failures.js';
import type { ImageLimits } from './limits.js';

/**
 * Decodes every pixel once (into a tiny thumbnail) to prove the file is not corrupt or truncated,
 * without keeping the result.
 */
export async function verifyDecodable(data: Buffer, limits: ImageLimits): Promise<void> {
  try {
    await sharp(data, { failOn: 'error', limitInputPixels: limits.maxInputPixels })
      .timeout({ seconds: Math.ceil(limits.timeoutMs / 1000) })
      .resize(16, 16, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (cause) {
    throw decodeFailure(cause, limits);
  }
}
