import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean, integer, oneOf } from '../fields.js';
import { outputImageFormats } from '../limits.js';
import { singleImage } from './_image-input.js';

export const thumbnailRequest = z.object({
  size: oneOf('size', ['small', 'medium', 'large'])
    .default('small')
    .describe('Square side: small is 150 px, medium 300 px, large 450 px.'),
  crop: oneOf('crop', ['centre', 'center', 'attention', 'entropy'])
    .default('centre')
    .describe(
      'Which part to keep when cropping to a square: the centre, the most interesting region (attention), or the busiest (entropy).',
    ),
  format: oneOf('format', outputImageFormats)
    .optional()
    .describe('Output format. Defaults to the input format (PNG when that cannot be written).'),
  quality: integer('quality', 1, 100).default(85).describe('Encoder quality for lossy formats (1–100).'),
  keep_metadata: boolean('keep_metadata')
    .default(false)
    .describe('Keep EXIF and other metadata. By default it is stripped; the colour profile is always kept.'),
});

export const thumbnailGenerator = defineTool({
  id: 'thumbnail-generator',
  slug: 'thumbnail-generator',
  group: 'image',
  title: 'Thumbnail Generation',
  breadcrumb: 'Thumbnail Generation',
  searchTitle: 'Thumbnail Generation',
  description:
    'Generate square thumbnails of 150, 300 or 450 pixels, cropped to the centre or to the most interesting region.',
  keywords: ['thumbnail', 'preview', 'square', 'crop', 'avatar'],
  status: 'live',
  api: {
    method: 'POST',
    path: '/images/thumbnail',
    input: singleImage,
    output: 'image',
    request: thumbnailRequest,
    response:
      'A square image of 150, 300 or 450 px, cover-cropped, with X-Image-Width and X-Image-Height headers.',
    examples: [
      { title: 'Small (150 × 150) thumbnail', fields: { size: 'small' } },
      { title: 'Large thumbnail around the subject', fields: { size: 'large', crop: 'attention' } },
    ],
  },
});
