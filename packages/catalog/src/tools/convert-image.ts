import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const convertImage = defineTool({
  id: 'convert-image',
  slug: 'convert-image',
  group: 'image',
  title: 'Convert Image',
  breadcrumb: 'Convert Image',
  searchTitle: 'Convert Image',
  description: 'Convert images between JPEG, PNG, WebP, AVIF, GIF and TIFF.',
  keywords: ['format', 'jpg', 'png', 'webp', 'avif', 'gif', 'tiff', 'transcode'],
  status: 'planned',
  api: {
    method: 'POST',
    path: '/images/convert',
    input: singleImage,
    output: 'image',
    response: 'The image in the requested format.',
  },
});
