import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { singleImage } from './_image-input.js';

export const imageBase64Request = z.object({});

/** The `data` member of a successful response. */
export const imageBase64Response = z.object({
  base64: z.string().describe('The file, base64-encoded (standard alphabet, with padding).'),
  dataUri: z.string().describe('A data URI: data:<mimeType>;base64,<base64>.'),
  cssUrl: z.string().describe('A CSS value: url("<dataUri>").'),
  mimeType: z.string().describe('The detected media type, e.g. image/png.'),
  bytes: z.int().describe('Size of the file in bytes (before encoding).'),
  width: z.int().describe('Width in pixels, after applying the EXIF orientation.'),
  height: z.int().describe('Height in pixels, after applying the EXIF orientation.'),
});

export const imageBase64 = defineTool({
  id: 'image-base64',
  group: 'image',
  icon: 'FileCode',
  title: 'Image to Base64',
  breadcrumb: 'Base64 Encode',
  description:
    'Encode an image as Base64, a data URI and a CSS url() value, ready to inline in HTML, CSS or JSON.',
  keywords: ['data uri', 'inline', 'css', 'encode', 'embed'],
  status: 'live',
  api: {
    path: '/images/base64',
    input: singleImage,
    output: 'analysis',
    request: imageBase64Request,
    responseData: imageBase64Response,
    response: 'JSON whose data holds base64, dataUri, cssUrl, mimeType, bytes, width and height.',
    examples: [{ title: 'Encode a PNG icon', fields: {}, files: ['icon.png'] }],
  },
});
