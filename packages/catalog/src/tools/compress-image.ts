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
    response: 'The compressed image with X-Original-Size and X-Output-Size headers.',
  },
});
