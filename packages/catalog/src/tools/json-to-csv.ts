import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean } from '../fields.js';
import { dataUploadBytes, delimiterField } from './_data-fields.js';

export const jsonToCsv = defineTool({
  id: 'json-to-csv',
  group: 'data',
  icon: 'FileSpreadsheet',
  title: 'JSON to CSV',
  description: 'Turn JSON arrays of objects into RFC 4180 CSV, with nested objects flattened into columns.',
  keywords: ['JSON to CVC', 'csv', 'spreadsheet', 'table', 'export'],
  status: 'live',
  api: {
    path: '/data/json-to-csv',
    input: { kind: 'json-or-file', field: 'file', textKey: 'json' },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['text/csv'],
    headers: [
      {
        name: 'X-Row-Count',
        description: 'Number of data rows written (the header row aside).',
        type: 'integer',
      },
    ],
    request: z.object({
      json: z
        .unknown()
        .optional()
        .describe(
          'The JSON: an array of objects (one row each, columns are the union of their keys in first-seen order), an object (one row), or an array of arrays (rows of cells). Send it as a value or as JSON text in a string, or upload it as `file`.',
        ),
      delimiter: delimiterField()
        .default(',')
        .describe('Field delimiter: `,` `;` `|` or `tab` (a tab character is taken too).'),
      header: boolean('header').default(true).describe('Write a header row with the column names.'),
      flatten: boolean('flatten')
        .default(true)
        .describe(
          'Nested objects become `a.b` columns. Arrays, and objects when false, are written as JSON text in their cell.',
        ),
      escape_formulas: boolean('escape_formulas')
        .default(true)
        .describe(
          'Prefix with \' every text cell that starts with = + - @, a tab or a carriage return, so spreadsheets do not run it as a formula (OWASP\'s CSV-injection guidance; the text "-5" too). JSON numbers stay numbers.',
        ),
    }),
    response: 'text/csv (RFC 4180: CRLF line ends, quotes where needed) with an X-Row-Count header.',
    examples: [
      {
        title: 'Rows with a nested object, flattened',
        fields: {
          json: '[{"name":"Ada Lovelace","born":1815,"address":{"city":"London"}},{"name":"Alan Turing","born":1912,"address":{"city":"Wilmslow"}}]',
        },
      },
      {
        title: 'Semicolons, a formula escaped',
        fields: {
          json: '[{"id":1,"note":"x; y","ok":true},{"id":2,"note":"=SUM(A1:A2)","ok":false}]',
          delimiter: ';',
        },
      },
    ],
  },
});
