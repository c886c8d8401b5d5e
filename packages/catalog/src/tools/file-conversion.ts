import { z } from 'zod';
import { defineTool } from '../define-tool.js';
import { oneOf } from '../fields.js';

/** Every format /files/convert can write; GET /files/convert/formats says which pairs this server does. */
export const conversionTargets = [
  'html',
  'md',
  'txt',
  'pdf',
  'csv',
  'json',
  'yaml',
  'xlsx',
  'jpeg',
  'png',
  'webp',
  'avif',
  'gif',
  'tiff',
] as const;

export const fileConversionRequest = z.object({
  to: oneOf('to', conversionTargets).describe(
    'The format to convert to. The source format is read from the file’s content (and, for text, its extension).',
  ),
  sheet: z
    .string()
    .max(100, { error: 'sheet must be at most 100 characters.' })
    .optional()
    .describe(
      'For XLSX → CSV or JSON: the sheet to convert, by name or number (1 is the first). Default: the first sheet.',
    ),
});

export const fileConversion = defineTool({
  id: 'file-conversion',
  group: 'file',
  title: 'File Conversion',
  description:
    'Convert documents, spreadsheets, data files and images between formats: DOCX, Markdown, HTML, XLSX, CSV, PDF and more.',
  keywords: ['docx', 'markdown', 'html', 'xlsx', 'pdf', 'convert', 'document'],
  status: 'planned',
  api: {
    path: '/files/convert',
    input: { kind: 'file', field: 'file', accept: [] },
    output: 'document',
    request: fileConversionRequest,
    response:
      'The converted file. DOCX keeps headings, lists, tables, links and images (embedded as data; others are replaced by a note); HTML output is sanitised (no scripts, event handlers or javascript: links); XLSX cells give dates as ISO text and formulas as their last computed values; YAML is written with YAML 1.1 quoting so yes/no and dates stay strings.',
    examples: [
      { title: 'Word document to Markdown', fields: { to: 'md' } },
      { title: 'Second sheet of a workbook as CSV', fields: { to: 'csv', sheet: '2' } },
      { title: 'Office document to PDF (with LibreOffice)', fields: { to: 'pdf' } },
    ],
  },
});
