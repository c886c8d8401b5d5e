import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean } from '../fields.js';
import { dataUploadBytes, textMember } from './_data-fields.js';

export const base64Decode = defineTool({
  id: 'base64-decode',
  group: 'data',
  icon: 'LockOpen',
  title: 'Base64 Decode',
  description:
    'Decode standard or URL-safe Base64 back to text or to the original file, with its type detected.',
  keywords: ['decode', 'base64url', 'text', 'binary'],
  status: 'live',
  api: {
    path: '/data/base64-decode',
    input: { kind: 'json-or-file', field: 'file', textKey: 'base64' },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['text/plain', 'application/octet-stream'],
    headers: [
      {
        name: 'Content-Disposition',
        description:
          'For binary results: attachment; filename="<name>-decoded.<ext>", the extension of the detected type.',
        type: 'string',
        optional: true,
      },
    ],
    request: z.object({
      base64: textMember('base64').describe(
        'The Base64 text, standard or URL-safe, padding optional; line breaks, spaces and a data: URI prefix are allowed. Or upload it as `file`.',
      ),
      url_safe: boolean('url_safe')
        .optional()
        .describe(
          'true: only the URL-safe alphabet (- _); false: only the standard one (+ /). Either when not given.',
        ),
    }),
    response:
      'The decoded bytes: text/plain; charset=utf-8 when they are UTF-8 text, else a download with their detected type (application/octet-stream when unknown).',
    examples: [
      { title: 'Decode text', fields: { base64: 'SGVsbG8sIHdvcmxkIQ==' } },
      { title: 'URL-safe without padding', fields: { base64: 'SGVsbG8_Pz8', url_safe: true } },
    ],
  },
});
