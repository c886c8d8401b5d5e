import { defineTool } from '../define-tool.js';

export const fileDetection = defineTool({
  id: 'file-detection',
  group: 'file',
  title: 'File Type Detection',
  description:
    'Find out what a file really is from its content, not its name, and whether its extension tells the truth.',
  keywords: ['mime', 'magic bytes', 'signature', 'file type', 'extension'],
  status: 'planned',
  api: {
    path: '/files/detect',
    input: { kind: 'file', field: 'file', accept: [] },
    output: 'analysis',
    response:
      'JSON with mime, extension, description, category, encoding and whether the declared type disagrees.',
  },
});
