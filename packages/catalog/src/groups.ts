/**
 * The six API groups, in sidebar order. The sidebar title is the group heading in the docs sidebar;
 * the card title and blurb are used by the home page. Which tools belong to a group, and how many,
 * is derived from the tools themselves.
 */
export const groups = [
  {
    id: 'image',
    title: 'Image Processing API',
    cardTitle: 'Image Processing',
    cardDescription:
      'Resize, rotate, compress, convert and combine images, or turn them into thumbnails and Base64.',
  },
  {
    id: 'text',
    title: 'Text Processing API',
    cardTitle: 'Text Analysis',
    cardDescription:
      'Count words, characters, sentences and reading time in any language, with Unicode-aware rules.',
  },
  {
    id: 'file',
    title: 'File Management API',
    cardTitle: 'File Management',
    cardDescription:
      'Convert documents between formats, pack files into archives and detect what a file really is.',
  },
  {
    id: 'data',
    title: 'Data Format API',
    cardTitle: 'Data Formats',
    cardDescription:
      'Convert between JSON, CSV, XML and YAML, and encode or decode Base64, with safe bounded parsers.',
  },
  {
    id: 'media',
    title: 'Media Processing API',
    cardTitle: 'Media Tools',
    cardDescription: 'Convert audio between MP3, WAV, OGG, Opus, FLAC, AAC and M4A with bitrate control.',
  },
  {
    id: 'document',
    title: 'Document Processing API',
    cardTitle: 'Document Processing',
    cardDescription: 'Extract text and metadata from PDFs, or typeset plain text into a clean PDF.',
  },
] as const;

export type Group = (typeof groups)[number];
export type GroupId = Group['id'];
