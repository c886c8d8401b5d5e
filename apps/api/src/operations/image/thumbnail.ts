import { thumbnailSizes } from '@toolkit/catalog';
import type { ImageResult } from './encode.js';
import { outputFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import type { ThumbnailOptions } from './options.js';
import { type ImageInput, openImage, runPipeline } from './pipeline.js';
import { resizeStep } from './resize.js';

/**
 * A square thumbnail of 150, 300 or 450 px: scaled to cover the square, then cropped around the
 * centre, the most interesting region (attention) or the busiest one (entropy).
 *
 * @example await thumbnailImage({ data, name: 'cat.png' }, { size: 'medium', crop: 'attention', quality: 85, keep_metadata: false }, limits)
 */
export async function thumbnailImage(
  input: ImageInput,
  options: ThumbnailOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const source = await openImage(input, limits);
  return runPipeline(source, {
    format: outputFormat(source.probe.format, options.format),
    outputPixels: thumbnailSizes[options.size] ** 2,
    steps: [
      resizeStep({
        fit: 'cover',
        size: thumbnailSizes[options.size],
        position: options.crop === 'center' ? 'centre' : options.crop,
      }),
    ],
    encode: { quality: options.quality, keepMetadata: options.keep_metadata },
  });
}
