import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean, integer, oneOf } from '../fields.js';
import { defaultLimits } from '../limits.js';
import { singleImage } from './_image-input.js';
import { imageOutputFields } from './_image-output.js';

const side = (name: string) => integer(name, defaultLimits.minImageSide, defaultLimits.maxImageSide);

export const resizeRequest = z
  .object({
    width: side('width').optional().describe('Target width in pixels (1–4096).'),
    height: side('height').optional().describe('Target height in pixels (1–4096).'),
    maintain_aspect: boolean('maintain_aspect')
      .default(true)
      .describe(
        'Keep the aspect ratio. With both sides given the image fits inside the box, without cropping; ' +
          'when false the output is exactly width × height.',
      ),
    size: oneOf('size', ['small', 'medium', 'large'])
      .optional()
      .describe(
        'Make a square cover-cropped thumbnail of 150, 300 or 450 px instead; width and height are then ignored.',
      ),
    ...imageOutputFields,
  })
  .refine((v) => v.width !== undefined || v.height !== undefined || v.size !== undefined, {
    error: 'Give at least one of width, height or size.',
    path: ['width'],
  })
  // The refinement above, as JSON Schema can say it (the OpenAPI document reads this).
  .meta({ anyOf: [{ required: ['width'] }, { required: ['height'] }, { required: ['size'] }] });

export const resizeImage = defineTool({
  id: 'resize-image',
  slug: '',
  group: 'image',
  icon: 'Scaling',
  title: 'Resize Image',
  description:
    'Resize JPEG, PNG and WebP images to exact dimensions or fit them inside a box while keeping the aspect ratio.',
  keywords: ['scale', 'dimensions', 'width', 'height', 'aspect ratio', 'shrink'],
  status: 'live',
  api: {
    path: '/images/resize',
    input: singleImage,
    output: 'image',
    request: resizeRequest,
    response:
      'The resized image, in the input format unless format says otherwise, with X-Image-Width and X-Image-Height headers.',
    examples: [
      { title: 'Fit inside 800 × 600, keeping the aspect ratio', fields: { width: 800, height: 600 } },
      {
        title: 'Exactly 512 × 512 as WebP',
        fields: { width: 512, height: 512, maintain_aspect: false, format: 'webp' },
      },
      { title: '1024 px wide, height follows', fields: { width: 1024, quality: 80 } },
    ],
  },
});
