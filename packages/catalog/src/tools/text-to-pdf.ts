import { defineTool } from '../define-tool.js';

export const textToPdf = defineTool({
  id: 'text-to-pdf',
  group: 'document',
  title: 'Text to PDF',
  description:
    'Typeset plain text or Markdown into a PDF with an embedded Unicode font, flowing onto as many pages as needed.',
  keywords: ['pdf', 'generate', 'typeset', 'document', 'print'],
  status: 'planned',
  api: {
    path: '/pdf/from-text',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
    output: 'pdf',
    headers: [
      {
        name: 'X-Missing-Glyphs',
        description: 'Characters no embedded font can draw, when there are any.',
        type: 'string',
        optional: true,
      },
    ],
    response: 'application/pdf.',
  },
});
