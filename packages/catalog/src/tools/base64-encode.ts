import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean, integer } from '../fields.js';
import { dataUploadBytes, textMember } from './_data-fields.js';

export const base64Encode = defineTool({
  id: 'base64-encode',
  group: 'data',
  icon: 'Binary',
  title: 'Base64 Encode',
  description:
    'Encode text or files as standard or URL-safe Base64, optionally wrapped at a fixed line length.',
  keywords: ['encode', 'base64url', 'binary to text'],
  status: 'live',
  api: {
    path: '/data/base64-encode',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text', bytes: true },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['text/plain'],
    request: z.object({
      text: textMember('text').describe(
        'Text to encode (as UTF-8). Or upload any file as `file`: its bytes are encoded as they are.',
      ),
      url_safe: boolean('url_safe')
        .default(false)
        .describe('Use the URL and file-name alphabet (- and _ for + and /), without = padding.'),
      line_length: integer('line_length', 0, 10_000)
        .default(0)
        .describe('Wrap lines at this many characters (76 for MIME, 64 for PEM); 0 writes one line.'),
    }),
    response: 'The Base64 text as text/plain.',
    examples: [
      { title: 'Encode text', fields: { text: 'Hello, world!' } },
      {
        title: 'URL-safe, wrapped at 8',
        fields: { text: 'Hello?? world>>', url_safe: true, line_length: 8 },
      },
    ],
  },
});
