import { defineTool } from '../define-tool.js';

export const xmlToJson = defineTool({
  id: 'xml-to-json',
  group: 'data',
  title: 'XML to JSON',
  description:
    'Convert XML to JSON with attributes and text kept, and no entity expansion or external DTD ever resolved.',
  keywords: ['xml', 'parse', 'convert', 'soap', 'rss'],
  status: 'planned',
  api: {
    path: '/data/xml-to-json',
    input: { kind: 'json-or-file', field: 'file', textKey: 'xml' },
    output: 'document',
    mediaTypes: ['application/json'],
    response: 'application/json.',
  },
});
