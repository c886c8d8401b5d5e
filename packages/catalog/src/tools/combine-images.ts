import { defineTool } from '../define-tool.js';
import { imageInputTypes } from './_image-input.js';

export const combineImages = defineTool({
  id: 'combine-images',
  group: 'image',
  title: 'Combine Image',
  description: 'Join 2 to 10 images side by side, stacked, or in a grid, with a gap and background colour.',
  keywords: ['merge', 'join', 'collage', 'sprite', 'grid', 'stitch'],
  status: 'planned',
  api: {
    path: '/images/combine',
    input: { kind: 'files', field: 'images', accept: imageInputTypes, min: 2, max: 10 },
    output: 'image',
    response: 'One image holding all inputs, at most 4096 px per side.',
  },
});
