import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const rotateImage = defineTool({
  id: 'rotate-image',
  group: 'image',
  title: 'Rotate Image',
  description:
    'Rotate an image by any angle, filling the new corners with a colour of your choice or transparency.',
  keywords: ['turn', 'angle', 'degrees', 'orientation'],
  status: 'planned',
  api: {
    path: '/images/rotate',
    input: singleImage,
    output: 'image',
    response: 'The rotated image, enlarged to hold the whole rotated picture.',
  },
});
