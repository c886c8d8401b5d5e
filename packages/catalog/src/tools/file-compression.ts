import { defineTool } from '../define-tool.js';

export const fileCompression = defineTool({
  id: 'file-compression',
  group: 'file',
  title: 'File Compression',
  description: 'Pack up to 50 files into a ZIP, tar.gz or gzip archive with a chosen compression level.',
  keywords: ['zip', 'tar', 'gzip', 'archive', 'bundle'],
  status: 'planned',
  api: {
    path: '/files/compress',
    input: { kind: 'files', field: 'files', accept: [], min: 1, max: 50 },
    output: 'archive',
    mediaTypes: ['application/zip', 'application/gzip'],
    response: 'The archive with X-Original-Size and X-Output-Size headers.',
  },
});
