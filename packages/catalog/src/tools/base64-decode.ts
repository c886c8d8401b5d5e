import { defineTool } from '../define-tool.js';

export const base64Decode = defineTool({
  id: 'base64-decode',
  group: 'data',
  title: 'Base64 Decode',
  description:
    'Decode standard or URL-safe Base64 back to text or to the original file, with its type detected.',
  keywords: ['decode', 'base64url', 'text', 'binary'],
  status: 'planned',
  api: {
    path: '/data/base64-decode',
    input: { kind: 'json-or-file', field: 'file', textKey: 'base64' },
    output: 'document',
    response: 'The decoded text, or the decoded file as a download.',
  },
});
