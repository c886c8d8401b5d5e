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

/** Media types of the results, one per target. */
export const conversionMediaTypes = [
  'text/html',
  'text/markdown',
  'text/plain',
  'text/csv',
  'application/json',
  'application/yaml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/tiff',
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
  icon: 'FileInput',
  title: 'File Conversion',
  description:
    'Convert documents, spreadsheets, data files and images between formats: DOCX, Markdown, HTML, XLSX, CSV, PDF and more.',
  keywords: ['docx', 'markdown', 'html', 'xlsx', 'pdf', 'convert', 'document'],
  status: 'live',
  api: {
    path: '/files/convert',
    input: { kind: 'file', field: 'file', accept: [] },
    output: 'document',
    request: fileConversionRequest,
    kinds: {
      input: ['office', 'text', 'markdown', 'html', 'csv', 'json', 'yaml', 'image'],
      outputBy: {
        field: 'to',
        kinds: {
          html: 'html',
          md: 'markdown',
          txt: 'text',
          pdf: 'pdf',
          csv: 'csv',
          json: 'json',
          yaml: 'yaml',
          xlsx: 'office',
          jpeg: 'image',
          png: 'image',
          webp: 'image',
          avif: 'image',
          gif: 'image',
          tiff: 'image',
        },
      },
    },
    response:
      'The converted file. DOCX keeps headings, lists, tables, links and images (embedded as data; others are replaced by a note); HTML output is sanitised (no scripts, event handlers or javascript: links); XLSX cells give dates as ISO text and formulas as their last computed values; YAML is written with YAML 1.1 quoting so yes/no and dates stay strings.',
    mediaTypes: conversionMediaTypes,
    headers: [
      {
        name: 'Content-Disposition',
        description: 'attachment; filename="<original-stem>-convert.<ext>"',
        type: 'string',
      },
      { name: 'X-Original-Size', description: 'Size of the upload in bytes.', type: 'integer' },
      { name: 'X-Output-Size', description: 'Size of the result in bytes.', type: 'integer' },
      {
        name: 'X-Image-Width',
        description: 'Width of the result in pixels (image conversions only).',
        type: 'integer',
        optional: true,
      },
      {
        name: 'X-Image-Height',
        description: 'Height of the result in pixels (image conversions only).',
        type: 'integer',
        optional: true,
      },
    ],
    errors: [
      {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        when: 'The file is of a type that does not convert (the type is read from its bytes).',
      },
      {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        when: 'The target is PDF and the server has no LibreOffice to make it.',
      },
      {
        code: 'VALIDATION_ERROR',
        when: 'A JSON or YAML file does not parse (as on data/*: the message gives the line and column).',
      },
      {
        code: 'UNPROCESSABLE_FILE',
        when: 'The file is damaged or truncated, or not valid in its format; or JSON nests more than 1000 levels deep (200 to YAML), YAML more than 200, HTML elements more than 256, Markdown quotes, lists or emphasis more than 100.',
      },
      {
        code: 'PAYLOAD_TOO_LARGE',
        when: 'A DOCX or XLSX unpacks to more than 100 MB, or a workbook has more than 1,000,000 cells.',
      },
    ],
    examples: [
      {
        title: 'Word document to Markdown',
        fields: { to: 'md' },
        files: ['report.docx'],
      },
      { title: 'Markdown to sanitised HTML', fields: { to: 'html' }, files: ['README.md'] },
      {
        title: 'First sheet of a workbook as CSV',
        fields: { to: 'csv', sheet: '1' },
        files: ['statecrime.xlsx'],
      },
      {
        title: 'CSV to an Excel workbook',
        fields: { to: 'xlsx' },
        files: ['statecrime.csv'],
      },
      { title: 'PNG to WebP', fields: { to: 'webp' }, files: ['cat.png'] },
    ],
  },
});
