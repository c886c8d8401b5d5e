import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const imageBase64Request = z.object({});

export const imageBase64 = defineTool({
  id: 'image-base64',
  slug: 'image-base64',
  group: 'image',
  title: 'Image to Base64',
  breadcrumb: 'Base64 Encode',
  searchTitle: 'Image to Base64',
  description:
    'Encode an image as Base64, a data URI and a CSS url() value, ready to inline in HTML, CSS or JSON.',
  keywords: ['data uri', 'inline', 'css', 'encode', 'embed'],
  status: 'live',
  api: {
    method: 'POST',
    path: '/images/base64',
    input: singleImage,
    output: 'analysis',
    request: imageBase64Request,
    response: 'JSON whose data holds base64, dataUri, cssUrl, mimeType, bytes, width and height.',
    examples: [{ title: 'Encode a PNG icon', fields: {} }],
  },
});
