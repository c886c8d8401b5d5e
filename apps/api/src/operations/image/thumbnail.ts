import { type OutputImageFormat, type ThumbnailSize, thumbnailSizes } from '@toolkit/catalog';
import { outputFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import { probeImage } from './probe.js';
import { type ImageResult, transformImage } from './transform.js';

export interface ThumbnailOptions {
  size: ThumbnailSize;
  crop: 'centre' | 'center' | 'attention' | 'entropy';
  format?: OutputImageFormat;
  quality: number;
  keep_metadata: boolean;
}

/**
 * A square thumbnail of 150, 300 or 450 px: scaled to cover the square, then cropped around the
 * centre, the most interesting region (attention) or the busiest one (entropy).
 *
 * @example await thumbnailImage(buf, 'cat.png', { size: 'medium', crop: 'attention', quality: 85, keep_metadata: false }, limits)
 */
export async function thumbnailImage(
  data: Buffer,
  name: string,
  options: ThumbnailOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const probe = await probeImage(data, name, limits);
  return transformImage(
    data,
    probe,
    {
      fit: 'cover',
      size: thumbnailSizes[options.size],
      position: options.crop === 'center' ? 'centre' : options.crop,
    },
    {
      format: outputFormat(probe.format, options.format),
      quality: options.quality,
      keepMetadata: options.keep_metadata,
    },
    limits,
  );
}
