import { boolean, integer, oneOf } from '../fields.js';
import { outputImageFormats } from '../limits.js';

/**
 * The output fields every image tool that writes an image shares (resize, thumbnail, rotate, flip,
 * convert, compress, combine): spread them into the tool's request schema.
 *
 * @example z.object({ direction: oneOf('direction', ['horizontal', 'vertical']), ...imageOutputFields })
 */
export const imageOutputFields = {
  quality: integer('quality', 1, 100).default(85).describe('Encoder quality for lossy formats (1–100).'),
  format: oneOf('format', outputImageFormats)
    .optional()
    .describe('Output format. Defaults to the input format (PNG when that cannot be written).'),
  keep_metadata: boolean('keep_metadata')
    .default(false)
    .describe('Keep EXIF and other metadata. By default it is stripped; the colour profile is always kept.'),
};
