import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { oneOf } from '../fields.js';
import { singleImage } from './_image-input.js';
import { imageOutputFields } from './_image-output.js';

export const thumbnailRequest = z.object({
  size: oneOf('size', ['small', 'medium', 'large'])
    .default('small')
    .describe('Square side: small is 150 px, medium 300 px, large 450 px.'),
  crop: oneOf('crop', ['centre', 'center', 'attention', 'entropy'])
    .default('centre')
    .describe(
      'Which part to keep when cropping to a square: the centre, the most interesting region (attention), or the busiest (entropy).',
    ),
  ...imageOutputFields,
});

export const thumbnailGenerator = defineTool({
  id: 'thumbnail-generator',
  group: 'image',
  icon: 'Images',
  title: 'Thumbnail Generation',
  description:
    'Generate square thumbnails of 150, 300 or 450 pixels, cropped to the centre or to the most interesting region.',
  keywords: ['thumbnail', 'preview', 'square', 'crop', 'avatar'],
  status: 'live',
  api: {
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
