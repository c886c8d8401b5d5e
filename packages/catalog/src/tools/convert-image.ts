import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { hexColour, oneOf } from '../fields.js';
import { singleImage } from './_image-input.js';
import { firstFrameHeader, imageOutputFields } from './_image-output.js';

/** Every format convert writes. */
export const convertFormats = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as const;

export const convertRequest = z.object({
  ...imageOutputFields,
  format: oneOf('format', convertFormats).describe(
    'The format to write. An animated GIF or WebP stays animated as GIF or WebP; any other format takes its ' +
      'first frame (and the X-Animation header says so). CMYK and 16-bit inputs keep their colours; a colour ' +
      'profile is kept, or converted to sRGB where the format cannot hold it.',
  ),
  background: hexColour('background')
    .optional()
    .describe(
      'What transparency is flattened onto when converting to JPEG: a CSS hex colour (default white).',
    ),
});

export const convertImage = defineTool({
  id: 'convert-image',
  group: 'image',
  icon: 'ArrowLeftRight',
  title: 'Convert Image',
  description: 'Convert images between JPEG, PNG, WebP, AVIF, GIF and TIFF.',
  keywords: ['format', 'jpg', 'png', 'webp', 'avif', 'gif', 'tiff', 'transcode'],
  status: 'live',
  api: {
    path: '/images/convert',
    input: singleImage,
    output: 'image',
    request: convertRequest,
    headers: [firstFrameHeader],
    response: 'The image in the requested format, the same size.',
    examples: [
      { title: 'To WebP', fields: { format: 'webp' } },
      { title: 'To JPEG at quality 90', fields: { format: 'jpeg', quality: 90 } },
      {
        title: 'An animated GIF to animated WebP',
        fields: { format: 'webp' },
        files: ['animation.gif'],
      },
      {
        title: 'Transparency to JPEG on a black background',
        fields: { format: 'jpeg', background: '#000000' },
        files: ['tree.png'],
      },
    ],
  },
});
