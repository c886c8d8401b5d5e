import { parseHexColour } from './colour.js';
import type { ImageResult } from './encode.js';
import type { ImageLimits } from './limits.js';
import type { ConvertOptions } from './options.js';
import { type ImageInput, openImage, runPipeline } from './pipeline.js';

/**
 * Writes an image in another format. Transparency going into JPEG is flattened onto `background`
 * (white by default); an animation going into GIF or WebP stays animated, into any other format
 * it becomes its first frame (`firstFrameOnly` in the result); CMYK, 16-bit and non-sRGB inputs
 * keep their colours (see the colour policy in encode.ts). Metadata is stripped.
 *
 * @example await convertImage({ data, name: 'anim.gif' }, { format: 'webp', quality: 85 }, limits)
 */
export async function convertImage(
  input: ImageInput,
  options: ConvertOptions,
  limits: ImageLimits,
): Promise<ImageResult> {
  const source = await openImage(input, limits);
  return runPipeline(source, {
    format: options.format,
    steps: [],
    encode: {
      quality: options.quality,
      keepMetadata: options.keep_metadata,
      ...(options.background ? { background: parseHexColour(options.background) } : {}),
    },
  });
}
