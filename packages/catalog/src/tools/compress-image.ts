import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const compressImage = defineTool({
  id: 'compress-image',
  group: 'image',
  title: 'Compress Image',
  description:
    'Make images smaller with tuned lossy or lossless encoders; the result is never larger than the original.',
  keywords: ['optimize', 'optimise', 'shrink', 'file size', 'quality'],
  status: 'planned',
  api: {
    path: '/images/compress',
    input: singleImage,
    output: 'image',
    headers: [
      {
        name: 'X-Compression',
        description: 'none when nothing smaller could be made and the input comes back unchanged.',
        type: 'string',
        optional: true,
      },
    ],
    response: 'The compressed image with X-Original-Size and X-Output-Size headers.',
  },
});
