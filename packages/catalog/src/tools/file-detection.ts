import { z } from 'zod';
import { defineTool } from '../define-tool.js';

/** The contract's categories of /files/detect. */
export const fileCategories = [
  'image',
  'audio',
  'video',
  'document',
  'archive',
  'text',
  'data',
  'font',
  'executable',
  'other',
] as const;
export type FileCategory = (typeof fileCategories)[number];

export const fileDetectionRequest = z.object({});

export const fileDetectionResponse = z.object({
  mime: z.string().describe('The media type of the content, e.g. image/png, application/json, text/csv.'),
  extension: z
    .string()
    .describe('The usual extension of that type, without the dot (empty for an empty file).'),
  description: z.string().describe('What the file is, in words, e.g. "Word document (DOCX)".'),
  category: z.enum(fileCategories).describe('The kind of file.'),
  isText: z.boolean().describe('Whether the content is text.'),
  encoding: z
    .string()
    .nullable()
    .describe(
      'For text: ASCII, UTF-8, UTF-16LE/BE (with a BOM), ISO-8859-1, windows-1252, Shift_JIS…; else null.',
    ),
  detectedBy: z
    .enum(['signature', 'content', 'extension'])
    .describe(
      'signature: magic bytes; content: analysis of the text; extension: the declared name, for formats the content cannot tell (plain text named .yaml, a Targa image).',
    ),
  declaredMime: z.string().nullable().describe('The media type the upload declared, if any.'),
  declaredExtension: z
    .string()
    .nullable()
    .describe('The extension of the uploaded name, if any, lower-cased.'),
  mismatch: z
    .boolean()
    .describe(
      'True when the declared name or media type disagrees with the content (a PNG named .jpg, an HTML page named .pdf, a text named .mp3).',
    ),
});

export const fileDetection = defineTool({
  id: 'file-detection',
  group: 'file',
  icon: 'FileSearch',
  title: 'File Type Detection',
  description:
    'Find out what a file really is from its content, not its name, and whether its extension tells the truth.',
  keywords: ['mime', 'magic bytes', 'signature', 'file type', 'extension'],
  status: 'live',
  api: {
    // Reads a file's first bytes (and a small text's): a small upload is light work.
    lane: 'light',
    path: '/files/detect',
    input: { kind: 'file', field: 'file', accept: [] },
    output: 'analysis',
    request: fileDetectionRequest,
    responseData: fileDetectionResponse,
    response:
      'JSON with mime, extension, description, category, encoding and whether the declared type disagrees.',
    examples: [{ title: 'Detect what an upload really is', fields: {}, files: ['mystery.png'] }],
  },
});
