import { defineTool } from '../define-tool.js';

export const fileConversion = defineTool({
  id: 'file-conversion',
  group: 'file',
  title: 'File Conversion',
  description:
    'Convert documents, spreadsheets, data files and images between formats: DOCX, Markdown, HTML, XLSX, CSV, PDF and more.',
  keywords: ['docx', 'markdown', 'html', 'xlsx', 'pdf', 'convert', 'document'],
  status: 'planned',
  api: {
    path: '/files/convert',
    input: { kind: 'file', field: 'file', accept: [] },
    output: 'document',
    response: 'The converted file.',
  },
});
