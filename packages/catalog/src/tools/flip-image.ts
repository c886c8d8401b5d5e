import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { oneOf } from '../fields.js';
import { singleImage } from './_image-input.js';
import { firstFrameHeader, imageOutputFields } from './_image-output.js';

export const flipRequest = z.object({
  direction: oneOf('direction', ['horizontal', 'vertical', 'both'])
    .default('horizontal')
    .describe(
      'Horizontal mirrors left and right, vertical swaps top and bottom, both does the two (a half turn). ' +
        'Every frame of an animated GIF or WebP is flipped.',
    ),
  ...imageOutputFields,
});

export const flipImage = defineTool({
  id: 'flip-image',
  group: 'image',
  icon: 'FlipHorizontal2',
  title: 'Flip Image',
  description: 'Mirror an image horizontally, vertically or both.',
  keywords: ['mirror', 'reflect', 'horizontal', 'vertical'],
  status: 'live',
  api: {
    path: '/images/flip',
    input: singleImage,
    output: 'image',
    request: flipRequest,
    headers: [firstFrameHeader],
    response: 'The flipped image, the same size; an animation stays animated.',
    examples: [
      { title: 'Mirror image (horizontal)', fields: { direction: 'horizontal' } },
      { title: 'Upside down (vertical)', fields: { direction: 'vertical' } },
      {
        title: 'Both ways, an animated GIF',
        fields: { direction: 'both' },
        files: ['animation.gif'],
      },
    ],
  },
});
