import { defineTool } from '../define-tool.js';

export const base64Encode = defineTool({
  id: 'base64-encode',
  group: 'data',
  title: 'Base64 Encode',
  description:
    'Encode text or files as standard or URL-safe Base64, optionally wrapped at a fixed line length.',
  keywords: ['encode', 'base64url', 'binary to text'],
  status: 'planned',
  api: {
    path: '/data/base64-encode',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
    output: 'document',
    mediaTypes: ['text/plain'],
    response: 'The Base64 text as text/plain.',
  },
});
