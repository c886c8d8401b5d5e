import { defineTool } from '../define-tool.js';

export const csvToJson = defineTool({
  id: 'csv-to-json',
  group: 'data',
  title: 'CSV to JSON',
  description: 'Parse CSV into a JSON array, detecting the delimiter and typing numbers, booleans and nulls.',
  keywords: ['csv', 'parse', 'spreadsheet', 'table', 'import'],
  status: 'planned',
  api: {
    path: '/data/csv-to-json',
    input: { kind: 'json-or-file', field: 'file', textKey: 'csv' },
    output: 'document',
    mediaTypes: ['application/json'],
    response: 'An application/json array of rows.',
  },
});
