import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean, integer, oneOf } from '../fields.js';
import { outputImageFormats, resultImageTypes } from '../limits.js';
import { singleImage } from './_image-input.js';
import { imageOutputFields } from './_image-output.js';

export const compressRequest = z.object({
  ...imageOutputFields,
  keep_metadata: imageOutputFields.keep_metadata.describe(
    'Keep EXIF, other metadata and the colour profile as they are. By default metadata is stripped, and a ' +
      'colour profile that only describes sRGB is left out: an image without one is read as sRGB, so no ' +
      'colour changes. Any other profile is kept.',
  ),
  quality: integer('quality', 1, 100)
    .default(75)
    .describe('Encoder quality (1–100); for PNG it is the least quality the palette quantiser may reach.'),
  format: oneOf('format', ['same', ...outputImageFormats])
    .default('same')
    .describe('Output format; same keeps the input format (PNG for SVG).'),
  lossless: boolean('lossless')
    .default(false)
    .describe(
      'Keep every pixel: full-colour PNG, lossless WebP or AVIF (JPEG is always lossy). When false, PNG is ' +
        'quantised to a palette.',
    ),
});

export const compressImage = defineTool({
  id: 'compress-image',
  group: 'image',
  icon: 'Shrink',
  title: 'Compress Image',
  description:
    'Make images smaller with tuned lossy or lossless encoders; the result is never larger than the original.',
  keywords: ['optimize', 'optimise', 'shrink', 'file size', 'quality'],
  status: 'live',
  api: {
    path: '/images/compress',
    input: singleImage,
    output: 'image',
    request: compressRequest,
    // An SVG that no raster format beats comes back as it was.
    mediaTypes: [...resultImageTypes, 'image/svg+xml'],
    headers: [
      {
        name: 'X-Compression',
        description: 'none when nothing smaller could be made and the input comes back unchanged.',
        type: 'string',
        optional: true,
      },
    ],
    response:
      'The compressed image (optimised progressive JPEG, palette PNG, highest-effort WebP/AVIF; a colour profile that only describes sRGB left out), never larger than the input, with X-Original-Size and X-Output-Size headers.',
    examples: [
      { title: 'Default settings (quality 75, same format)', fields: {} },
      { title: 'Lossless PNG', fields: { lossless: true }, files: ['cat.png'] },
      { title: 'To WebP at quality 60', fields: { format: 'webp', quality: 60 } },
    ],
  },
});
