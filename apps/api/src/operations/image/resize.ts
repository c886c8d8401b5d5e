import { type OutputImageFormat, type ThumbnailSize, thumbnailSizes } from '@toolkit/catalog';
import { ApiError } from '../../errors.js';
import { outputFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import { type ImageProbe, probeImage } from './probe.js';
import { type ImageResult, type ResizePlan, transformImage } from './transform.js';

export interface ResizeOptions {
  width?: number;
  height?: number;
  maintain_aspect: boolean;
  quality: number;
  format?: OutputImageFormat;
  size?: ThumbnailSize;
  keep_metadata: boolean;
}

/**
 * The resize plan for a request: a thumbnail when `size` is given; with both sides, a box to fit
 * inside (or exactly, without maintain_aspect); with one side, the other follows the aspect
 * ratio. Refuses an output side over the limit, including one that only follows from the ratio.
 */
export function planResize(options: ResizeOptions, probe: ImageProbe, maxSide: number): ResizePlan {
  if (options.size) return { fit: 'cover', size: thumbnailSizes[options.size], position: 'centre' };
  const { width, height } = options;
  const tooLarge = (field: string, value: number, why: string) =>
    new ApiError('VALIDATION_ERROR', `${why} The largest side allowed is ${maxSide} px.`, {
      details: [{ field, message: `${field} must be at most ${maxSide} (got ${value}).` }],
    });
  for (const [field, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (value !== undefined && value > maxSide) throw tooLarge(field, value, `The ${field} is ${value} px.`);
  }
  if (width !== undefined && height !== undefined) {
    return { fit: options.maintain_aspect ? 'inside' : 'fill', width, height };
  }
  if (width !== undefined) {
    const follows = Math.max(1, Math.round((probe.height * width) / probe.width));
    if (follows > maxSide) {
      throw tooLarge('width', width, `At width ${width} px this image would be ${follows} px high.`);
    }
    return { fit: 'inside', width };
  }
  if (height !== undefined) {
    const follows = Math.max(1, Math.round((probe.width * height) / probe.height));
    if (follows > maxSide) {
      throw tooLarge('height', height, `At height ${height} px this image would be ${follows} px wide.`);
    }
    return { fit: 'inside', height };
  }
  // The request schema guarantees one of width, height or size; this is the last line of defence.
  throw new ApiError('VALIDATION_ERROR', 'Give at least one of width, height or size.', {
    details: [{ field: 'width', message: 'Give at least one of width, height or size.' }],
  });
}

/**
 * Resizes an image (see planResize for the rules) and encodes it in the requested format, else
 * the input's own.
 *
 * @example await resizeImage(buf, 'cat.png', { width: 200, maintain_aspect: true, quality: 85, keep_metadata: false }, limits)
 */
export async function resizeImage(
  data: Buffer,
  name: string,
  options: ResizeOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const probe = await probeImage(data, name, limits);
  const plan = planResize(options, probe, limits.maxImageSide);
  return transformImage(
    data,
    probe,
    plan,
    {
      format: outputFormat(probe.format, options.format),
      quality: options.quality,
      keepMetadata: options.keep_metadata,
    },
    limits,
  );
}
