import { defineTool } from '../define-tool.js';

export const wordCounter = defineTool({
  id: 'word-counter',
  group: 'text',
  title: 'Word Counter',
  description:
    'Count words, characters, sentences and paragraphs, with reading and speaking time, in any language.',
  keywords: ['words', 'characters', 'reading time', 'statistics', 'count'],
  status: 'planned',
  api: {
    path: '/text/word-count',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
    output: 'analysis',
    response:
      'JSON statistics: words, characters, sentences, paragraphs, lines, reading and speaking time, top words.',
  },
});
