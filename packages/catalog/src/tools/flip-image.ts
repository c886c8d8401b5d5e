import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const flipImage = defineTool({
  id: 'flip-image',
  group: 'image',
  title: 'Flip Image',
  description: 'Mirror an image horizontally, vertically or both.',
  keywords: ['mirror', 'reflect', 'horizontal', 'vertical'],
  status: 'planned',
  api: {
    path: '/images/flip',
    input: singleImage,
    output: 'image',
    response: 'The flipped image.',
  },
});
