import type { ImageResult } from './encode.js';
import { extensions, mimeTypes, outputFormat } from './formats.js';
import type { ImageLimits } from './limits.js';
import type { CompressOptions } from './options.js';
import { type ImageInput, openImage, runPipeline } from './pipeline.js';

/** A compressed image, or the input itself when nothing smaller could be made. */
export type CompressResult =
  | (ImageResult & { compressed: true })
  | (Omit<ImageResult, 'format' | 'extension'> & { compressed: false; format: string; extension: string });

/**
 * Re-encodes an image with the encoder settings that spend time for bytes (see EncodeSettings
 * 'smallest': optimised progressive JPEG, palette quantisation for PNG unless `lossless`, highest effort
 * for WebP, AVIF and GIF), metadata stripped and the colour profile kept, as every operation does.
 * The result is never larger than the input: when the re-encode is not smaller, the input comes
 * back unchanged with `compressed: false`.
 *
 * @example const out = await compressImage({ data, name: 'photo.jpg' }, { quality: 75, format: 'same', lossless: false }, limits)
 */
export async function compressImage(
  input: ImageInput,
  options: CompressOptions,
  limits: ImageLimits,
): Promise<CompressResult> {
  const source = await openImage(input, limits);
  const { probe } = source;
  const format = outputFormat(probe.format, options.format === 'same' ? undefined : options.format);
  const result = await runPipeline(source, {
    format,
    steps: [],
    encode: {
      quality: options.quality,
      keepMetadata: options.keep_metadata,
      effort: 'smallest',
      lossless: options.lossless,
    },
  });
  const { data } = source.input;
  if (result.data.length < data.length) return { ...result, compressed: true };
  return {
    data,
    format: probe.format,
    mimeType: mimeTypes[probe.format],
    extension: probe.format === 'svg' ? 'svg' : extensions[probe.format],
    width: probe.width,
    height: probe.height,
    pages: probe.pages,
    firstFrameOnly: false,
    colour: 'kept',
    compressed: false,
  };
}
