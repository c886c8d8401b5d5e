import { defineTool } from '../define-tool.js';

export const yamlToJson = defineTool({
  id: 'yaml-to-json',
  group: 'data',
  title: 'YAML to JSON',
  description:
    'Convert YAML documents to JSON, with anchors and aliases resolved and alias expansion bounded.',
  keywords: ['yaml', 'yml', 'config', 'convert'],
  status: 'planned',
  api: {
    path: '/data/yaml-to-json',
    input: { kind: 'json-or-file', field: 'file', textKey: 'yaml' },
    output: 'document',
    mediaTypes: ['application/json'],
    response: 'application/json.',
  },
});
