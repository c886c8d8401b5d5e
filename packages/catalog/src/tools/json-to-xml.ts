import { defineTool } from '../define-tool.js';

export const jsonToXml = defineTool({
  id: 'json-to-xml',
  group: 'data',
  title: 'JSON to XML',
  description: 'Convert JSON to well-formed XML with a root element and named array items.',
  keywords: ['xml', 'serialize', 'convert'],
  status: 'planned',
  api: {
    path: '/data/json-to-xml',
    input: { kind: 'json-or-file', field: 'file', textKey: 'json' },
    output: 'document',
    mediaTypes: ['application/xml'],
    response: 'application/xml with an XML declaration.',
  },
});
