import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean } from '../fields.js';
import { dataUploadBytes } from './_data-fields.js';

export const jsonToXml = defineTool({
  id: 'json-to-xml',
  group: 'data',
  icon: 'Code',
  title: 'JSON to XML',
  description: 'Convert JSON to well-formed XML with a root element and named array items.',
  keywords: ['xml', 'serialize', 'convert'],
  status: 'live',
  api: {
    path: '/data/json-to-xml',
    input: { kind: 'json-or-file', field: 'file', textKey: 'json' },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['application/xml'],
    request: z.object({
      json: z
        .unknown()
        .optional()
        .describe(
          "The JSON, as a value or as JSON text in a string (or upload it as `file`). Keys become elements, keys starting with @ attributes, #text an element's text, arrays repeated elements, null an empty element.",
        ),
      root: z
        .string()
        .max(100, { error: 'root must be at most 100 characters.' })
        .default('root')
        .describe('Name of the root element, which wraps the whole document.'),
      item: z
        .string()
        .max(100, { error: 'item must be at most 100 characters.' })
        .default('item')
        .describe('Element name of the items of an array at the top or inside another array.'),
      pretty: boolean('pretty').default(true).describe('Indent with two spaces, one element per line.'),
    }),
    errors: [
      {
        code: 'VALIDATION_ERROR',
        when: 'root, item or a key of the JSON cannot be an XML name (the message names it and where it is), or a text holds a character XML cannot (U+0000–U+001F but tab and line breaks).',
      },
    ],
    response: 'application/xml with an XML declaration, UTF-8.',
    examples: [
      {
        title: 'Objects, attributes and arrays',
        fields: { json: '{"book":[{"@id":"1","title":"Dune"},{"@id":"2","title":"Emma"}]}', root: 'catalog' },
      },
      { title: 'A top-level array, compact', fields: { json: '[1,2,3]', item: 'n', pretty: false } },
    ],
  },
});
