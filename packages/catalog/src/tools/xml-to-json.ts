import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean } from '../fields.js';
import { dataUploadBytes, documentText } from './_data-fields.js';

export const xmlToJson = defineTool({
  id: 'xml-to-json',
  group: 'data',
  icon: 'CodeXml',
  title: 'XML to JSON',
  description:
    'Convert XML to JSON with attributes and text kept, and no entity expansion or external DTD ever resolved.',
  keywords: ['xml', 'parse', 'convert', 'soap', 'rss'],
  status: 'live',
  api: {
    path: '/data/xml-to-json',
    input: { kind: 'json-or-file', field: 'file', textKey: 'xml' },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['application/json'],
    request: z.object({
      xml: documentText('xml', 'The XML document'),
      attribute_prefix: z
        .string()
        .max(20, { error: 'attribute_prefix must be at most 20 characters.' })
        .default('@')
        .describe('Put before attribute names: `<a id="1">` gives `{"a": {"@id": "1"}}`.'),
      text_key: z
        .string()
        .max(50, { error: 'text_key must be at most 50 characters.' })
        .default('#text')
        .describe("Key of an element's text when it also has attributes or children."),
      always_array: boolean('always_array')
        .default(false)
        .describe('Every element below the root becomes an array, not only repeated ones.'),
    }),
    errors: [
      {
        code: 'UNPROCESSABLE_FILE',
        when: 'The document declares entities in a DOCTYPE (XXE, billion laughs): no entity is ever expanded or fetched. Or it nests more than 1000 levels deep.',
      },
    ],
    response:
      'application/json. Values stay text ("01234" stays "01234"); DOCTYPEs are never fetched; comments are left out.',
    examples: [
      {
        title: 'Attributes, text and repeated elements',
        fields: {
          xml: '<catalog><book id="1"><title>Dune</title></book><book id="2"><title>Emma</title></book></catalog>',
        },
      },
      {
        title: 'Every element as an array, attributes with _',
        fields: { xml: '<a x="1"><b>01234</b></a>', always_array: true, attribute_prefix: '_' },
      },
    ],
  },
});
