import type { HeaderFact } from '../define-tool.js';
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

/** The header of an image result that holds only the first frame of an animated input. */
export const firstFrameHeader = {
  name: 'X-Animation',
  description:
    'first-frame when the input was animated and the result holds only its first frame (the output format cannot hold frames).',
  type: 'string',
  optional: true,
} as const satisfies HeaderFact;
