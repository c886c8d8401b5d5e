import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { decimal, hexColour } from '../fields.js';
import { defaultLimits } from '../limits.js';
import { singleImage } from './_image-input.js';
import { firstFrameHeader, imageOutputFields } from './_image-output.js';

export const rotateRequest = z.object({
  angle: decimal('angle', -360, 360).describe(
    'Degrees to turn, from −360 to 360, decimals allowed. A positive angle turns clockwise, a negative one ' +
      'counter-clockwise. Quarter turns (90, 180, 270) lose nothing but the re-encode; any other angle enlarges ' +
      'the canvas to hold the whole picture; when that canvas would be wider or taller than the largest output side ' +
      `(${defaultLimits.maxImageSide} px by default), the picture is scaled down first so that it fits. The EXIF ` +
      'orientation is applied first.',
  ),
  background: hexColour('background')
    .optional()
    .describe(
      'Colour of the new corners: #rgb, #rgba, #rrggbb or #rrggbbaa. Default: transparent where the output ' +
        'format has alpha, white for JPEG.',
    ),
  ...imageOutputFields,
});

export const rotateImage = defineTool({
  id: 'rotate-image',
  group: 'image',
  icon: 'RotateCw',
  title: 'Rotate Image',
  description:
    'Rotate an image by any angle, filling the new corners with a colour of your choice or transparency.',
  keywords: ['turn', 'angle', 'degrees', 'orientation', 'clockwise'],
  status: 'live',
  api: {
    path: '/images/rotate',
    input: singleImage,
    output: 'image',
    request: rotateRequest,
    headers: [firstFrameHeader],
    response:
      'The rotated image (clockwise for a positive angle), enlarged to hold the whole rotated picture (scaled down ' +
      'when that would exceed the largest output side); an animation stays animated.',
    examples: [
      { title: 'A quarter turn clockwise', fields: { angle: 90 } },
      { title: '30° counter-clockwise on a red background', fields: { angle: -30, background: '#ff0000' } },
      { title: '12.5° clockwise, transparent corners, as WebP', fields: { angle: 12.5, format: 'webp' } },
    ],
  },
});
