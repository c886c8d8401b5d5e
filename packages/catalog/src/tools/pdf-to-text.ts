import { defineTool } from '../define-tool.js';

export const pdfToText = defineTool({
  id: 'pdf-to-text',
  group: 'document',
  title: 'PDF to Text',
  description:
    'Extract the text of a PDF, page by page, with its title, author and other document information.',
  keywords: ['pdf', 'extract', 'text', 'ocr', 'document'],
  status: 'planned',
  api: {
    path: '/pdf/to-text',
    input: { kind: 'file', field: 'pdf', accept: ['application/pdf'] },
    output: 'analysis',
    mediaTypes: ['application/json', 'text/plain'],
    errors: [{ code: 'UNPROCESSABLE_FILE', when: 'The PDF is encrypted: remove the password first.' }],
    response: 'JSON with text, pageCount, pages and info; plain text with Accept: text/plain.',
  },
});
