import { z } from 'zod';
import { defineTool } from '../define-tool.js';

export const pdfToTextRequest = z.object({
  pages: z
    .string()
    .max(500, { error: 'pages must be at most 500 characters.' })
    .regex(/^\s*\d+\s*(?:-\s*\d*\s*)?(?:,\s*\d+\s*(?:-\s*\d*\s*)?)*$/, {
      error: 'pages must list pages and ranges such as "1-3,7" or "5-" (page 5 to the end).',
    })
    .optional()
    .describe(
      'Pages to read, counted from 1: single pages and ranges separated by commas, e.g. "1-3,7"; "5-" is page 5 to the end. Default: every page. A page past the end is a 400 that says how many pages there are.',
    ),
});

const info = z.object({
  title: z.string().nullable().describe('Document title, or null.'),
  author: z.string().nullable().describe('Author, or null.'),
  creator: z.string().nullable().describe('The application that created the original document, or null.'),
  producer: z.string().nullable().describe('The application that wrote the PDF, or null.'),
  created: z.string().nullable().describe('Creation date, ISO 8601 in UTC, or null.'),
});

export const pdfToTextResponse = z.object({
  text: z
    .string()
    .describe('The text of the selected pages in reading order, pages separated by a blank line.'),
  pageCount: z.int().describe('Pages in the whole document.'),
  pages: z
    .array(
      z.object({
        number: z.int().describe('Page number, from 1.'),
        text: z.string().describe('Text of the page.'),
      }),
    )
    .describe('The selected pages, in page order.'),
  info,
});

export const pdfToText = defineTool({
  id: 'pdf-to-text',
  group: 'document',
  icon: 'FileText',
  title: 'PDF to Text',
  description:
    'Extract the text of a PDF, page by page, with its title, author and other document information.',
  keywords: ['pdf', 'extract', 'text', 'ocr', 'document'],
  status: 'live',
  api: {
    path: '/pdf/to-text',
    input: { kind: 'file', field: 'pdf', accept: ['application/pdf'] },
    output: 'analysis',
    request: pdfToTextRequest,
    responseData: pdfToTextResponse,
    mediaTypes: ['application/json', 'text/plain'],
    errors: [
      {
        code: 'UNPROCESSABLE_FILE',
        when: 'The PDF needs a password to open (encrypted), is encrypted with permissions that forbid copying its text, is damaged (a page tree that contains itself included), or has no text layer (only images, such as a scan: text in images needs OCR, which is not offered). A PDF with only an owner password whose permissions allow copying is read normally.',
      },
      {
        code: 'TIMEOUT',
        when: 'Reading the document took longer than the processing time; ask for fewer pages.',
      },
    ],
    response:
      'JSON whose data holds text, pageCount, pages ([{number, text}]) and info (title, author, creator, producer, created). With Accept: text/plain, the text alone (text/plain; charset=utf-8). Ligatures come out as letters; a word hyphenated at a line end is joined.',
    examples: [
      { title: 'All pages of a newsletter', fields: {}, files: ['report.pdf'] },
      { title: 'Pages 2 and 3', fields: { pages: '2-3' }, files: ['figures.pdf'] },
    ],
  },
});
