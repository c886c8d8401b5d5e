import { defineTool } from '../define-tool.js';

export const jsonToCsv = defineTool({
  id: 'json-to-csv',
  group: 'data',
  title: 'JSON to CSV',
  description: 'Turn JSON arrays of objects into RFC 4180 CSV, with nested objects flattened into columns.',
  keywords: ['JSON to CVC', 'csv', 'spreadsheet', 'table', 'export'],
  status: 'planned',
  api: {
    path: '/data/json-to-csv',
    input: { kind: 'json-or-file', field: 'file', textKey: 'json' },
    output: 'document',
    mediaTypes: ['text/csv'],
    headers: [
      {
        name: 'X-Row-Count',
        description: 'Number of data rows written (the header row aside).',
        type: 'integer',
      },
    ],
    response: 'text/csv with an X-Row-Count header.',
  },
});
