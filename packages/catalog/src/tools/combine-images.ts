import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { hexColour, integer, oneOf } from '../fields.js';
import { outputImageFormats } from '../limits.js';
import { imageInputTypes } from './_image-input.js';
import { firstFrameHeader, imageOutputFields } from './_image-output.js';

export const combineRequest = z.object({
  direction: oneOf('direction', ['horizontal', 'vertical', 'grid'])
    .default('horizontal')
    .describe(
      'Side by side, one above the other, or the squarest grid (2 columns for up to 4 images, 3 for up to 9).',
    ),
  gap: integer('gap', 0, 200).default(0).describe('Pixels between neighbouring images (0–200).'),
  align: oneOf('align', ['start', 'center', 'end'])
    .default('center')
    .describe(
      'Where a smaller image sits in its row (horizontal: top, middle, bottom), its column (vertical: left, ' +
        'middle, right) or its grid cell.',
    ),
  background: hexColour('background')
    .optional()
    .describe(
      'Colour behind and between the images (CSS hex). Default: transparent for PNG, WebP and AVIF, white for JPEG.',
    ),
  ...imageOutputFields,
  format: oneOf('format', outputImageFormats).default('png').describe('Output format (PNG by default).'),
});

export const combineImages = defineTool({
  id: 'combine-images',
  group: 'image',
  icon: 'LayoutGrid',
  title: 'Combine Image',
  description: 'Join 2 to 10 images side by side, stacked, or in a grid, with a gap and background colour.',
  keywords: ['merge', 'join', 'collage', 'sprite', 'grid', 'stitch'],
  status: 'live',
  api: {
    path: '/images/combine',
    input: { kind: 'files', field: 'images', accept: imageInputTypes, min: 2, max: 10 },
    output: 'image',
    request: combineRequest,
    headers: [firstFrameHeader],
    response:
      'One image holding all inputs in order, at most 4096 px per side (every input is scaled down by the same factor to fit).',
    examples: [
      { title: 'Side by side, 10 px apart', fields: { gap: 10 } },
      {
        title: 'A grid on white, as JPEG',
        fields: { direction: 'grid', background: '#ffffff', format: 'jpeg' },
      },
      { title: 'Stacked, left-aligned', fields: { direction: 'vertical', align: 'start' } },
    ],
  },
});
