import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const convertImage = defineTool({
  id: 'convert-image',
  group: 'image',
  title: 'Convert Image',
  description: 'Convert images between JPEG, PNG, WebP, AVIF, GIF and TIFF.',
  keywords: ['format', 'jpg', 'png', 'webp', 'avif', 'gif', 'tiff', 'transcode'],
  status: 'planned',
  api: {
    path: '/images/convert',
    input: singleImage,
    output: 'image',
    response: 'The image in the requested format.',
  },
});
