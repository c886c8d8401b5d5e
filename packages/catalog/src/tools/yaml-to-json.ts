import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { boolean } from '../fields.js';
import { dataUploadBytes, documentText } from './_data-fields.js';

export const yamlToJson = defineTool({
  id: 'yaml-to-json',
  group: 'data',
  icon: 'FileBraces',
  title: 'YAML to JSON',
  description:
    'Convert YAML documents to JSON, with anchors and aliases resolved and alias expansion bounded.',
  keywords: ['yaml', 'yml', 'config', 'convert'],
  status: 'live',
  api: {
    path: '/data/yaml-to-json',
    input: { kind: 'json-or-file', field: 'file', textKey: 'yaml' },
    output: 'document',
    maxUploadBytes: dataUploadBytes,
    mediaTypes: ['application/json'],
    request: z.object({
      yaml: documentText('yaml', 'The YAML'),
      all_documents: boolean('all_documents')
        .default(false)
        .describe('false: the first document only; true: an array of every document (--- separated).'),
    }),
    errors: [
      {
        code: 'VALIDATION_ERROR',
        when: 'A mapping repeats a key; the message gives its line and column.',
      },
      {
        code: 'UNPROCESSABLE_FILE',
        when: 'Aliases expand more than 100 times (an alias bomb), the document nests more than 200 levels deep (refused before it is parsed), or it uses a tag with no JSON type (!custom); the message names the tag and where it is.',
      },
    ],
    response:
      'application/json. YAML 1.2 core schema: yes/no/on stay strings, dates stay as written, numbers keep every digit (1e400 stays 1e400). Tagged values keep their data: a !!set is a list, an !!omap a list of one-key objects in order, !!binary its base64 text, a !!timestamp its text.',
    examples: [
      {
        title: 'Anchors, merge keys and YAML 1.2 scalars',
        fields: {
          yaml: 'base: &base {retries: 3}\nservice:\n  <<: *base\n  enabled: yes\n  id: 12345678901234567890\n',
        },
      },
      { title: 'Every document', fields: { yaml: 'a: 1\n---\nb: 2\n', all_documents: true } },
    ],
  },
});
