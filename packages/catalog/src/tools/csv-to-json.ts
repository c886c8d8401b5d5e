import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean } from '../fields.js';
import { dataUploadBytes, delimiterField, documentText } from './_data-fields.js';

export const csvToJson = defineTool({
  id: 'csv-to-json',
  group: 'data',
  icon: 'Braces',
  title: 'CSV to JSON',
  description: 'Parse CSV into a JSON array, detecting the delimiter and typing numbers, booleans and nulls.',
  keywords: ['csv', 'parse', 'spreadsheet', 'table', 'import'],
  status: 'live',
  api: {
    path: '/data/csv-to-json',
    input: { kind: 'json-or-file', field: 'file', textKey: 'csv' },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['application/json'],
    headers: [
      {
        name: 'X-Row-Count',
        description: 'Number of rows in the array (the header row aside).',
        type: 'integer',
      },
      { name: 'X-Delimiter', description: 'The delimiter used: `,` `;` `|` or `tab`.', type: 'string' },
      {
        name: 'X-Ragged-Rows',
        description:
          'Rows whose field count differs from the header\'s: their missing fields are null and extra ones are kept under "__parsed_extra". Only when there are some.',
        type: 'integer',
        optional: true,
      },
      {
        name: 'X-Ragged-First-Row',
        description:
          'The first of those rows (1 is the first row after the header). Only with X-Ragged-Rows.',
        type: 'integer',
        optional: true,
      },
    ],
    request: z.object({
      csv: documentText('csv', 'The CSV'),
      delimiter: delimiterField()
        .optional()
        .describe(
          'Field delimiter: `,` `;` `|` or `tab` (a tab character is taken too). Detected when not given.',
        ),
      header: boolean('header')
        .default(true)
        .describe('The first row holds the column names: one object per row. When false, one array per row.'),
      dynamic_typing: boolean('dynamic_typing')
        .default(true)
        .describe(
          'Numbers, true/false and empty cells (null) become JSON values, but only without loss: "01234", "0x1F", "1.0" and integers beyond 2^53 stay strings.',
        ),
      skip_empty_lines: boolean('skip_empty_lines').default(true).describe('Leave out empty lines.'),
    }),
    response: 'An application/json array of rows, with X-Row-Count and X-Delimiter headers.',
    examples: [
      {
        title: 'Detect the delimiter and type the values',
        fields: { csv: 'name;born;zip\nAda Lovelace;1815;01234\nAlan Turing;1912;\n' },
      },
      {
        title: 'Rows as arrays, values as text',
        fields: { csv: 'a,b\n1,2\n', header: false, dynamic_typing: false },
      },
    ],
  },
});
