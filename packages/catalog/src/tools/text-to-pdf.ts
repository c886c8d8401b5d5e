import { z } from 'zod';
import { defineTool, type HeaderFact } from '../define-tool.js';
import { boolean, decimal, integer, oneOf } from '../fields.js';
import { defaultLimits } from '../limits.js';

/** Result headers of text to PDF (the handler sets them by these names). */
export const textToPdfHeaders = {
  missingGlyphs: {
    name: 'X-Missing-Glyphs',
    description:
      'Characters no embedded font can draw, when there are any, as code points (e.g. "U+4E2D, U+6587"); they are drawn as U+FFFD.',
    type: 'string',
    optional: true,
  },
  pageCount: { name: 'X-Page-Count', description: 'Pages in the PDF.', type: 'integer' },
} as const satisfies Record<string, HeaderFact>;

export const pdfFonts = ['sans', 'serif', 'mono'] as const;
export const pdfPageSizes = ['A4', 'Letter', 'Legal'] as const;

export const textToPdfRequest = z.object({
  text: z
    .string({ error: 'text must be a string.' })
    .optional()
    .describe(
      'The text to typeset (UTF-8). Or upload it as file (.txt or .md). Tabs become spaces (stops every 8 columns), control characters and ANSI colour codes are dropped, a form feed starts a new page.',
    ),
  title: z
    .string()
    .max(500, { error: 'title must be at most 500 characters.' })
    .optional()
    .describe('Title stored in the PDF document information (shown by viewers); not printed on the page.'),
  font: oneOf('font', pdfFonts)
    .default('sans')
    .describe(
      'DejaVu Sans, Serif or Sans Mono, embedded: Latin with diacritics, Greek and Cyrillic, set without kerning or ligatures (every letter stays its own glyph for copying and search). Characters none of them has (e.g. CJK) are drawn as U+FFFD and named in X-Missing-Glyphs.',
    ),
  font_size: integer('font_size', 6, 72).default(12).describe('Font size in points.'),
  page_size: oneOf('page_size', pdfPageSizes).default('A4').describe('Paper size.'),
  margin: decimal('margin', 0, 100)
    .default(20)
    .describe(
      'Margin on every side, in millimetres; the page number sits in the bottom margin. It must leave at least 40 mm for the text.',
    ),
  markdown: boolean('markdown')
    .optional()
    .describe(
      'Render Markdown (headings, emphasis, lists, code blocks, quotes, links, tables) instead of plain text. Default false, true for an uploaded .md file.',
    ),
});

export const textToPdf = defineTool({
  id: 'text-to-pdf',
  group: 'document',
  icon: 'FileType',
  title: 'Text to PDF',
  description:
    'Typeset plain text or Markdown into a PDF with an embedded Unicode font, flowing onto as many pages as needed.',
  keywords: ['pdf', 'generate', 'typeset', 'document', 'print', 'markdown'],
  status: 'live',
  api: {
    path: '/pdf/from-text',
    input: { kind: 'json-or-file', field: 'file', textKey: 'text' },
    output: 'pdf',
    request: textToPdfRequest,
    headers: [textToPdfHeaders.missingGlyphs, textToPdfHeaders.pageCount],
    errors: [
      {
        code: 'VALIDATION_ERROR',
        when: 'The text is empty or only whitespace, or the margin leaves too little room.',
      },
      { code: 'PAYLOAD_TOO_LARGE', when: 'The text has more than 2,000,000 characters (by default).' },
      {
        code: 'UNPROCESSABLE_FILE',
        when: `With markdown, the text nests quotes, lists or emphasis more than 100 levels deep; or a character carries more than ${defaultLimits.textToPdfMaxJoinedMarks} combining marks or joiners.`,
      },
    ],
    response:
      'application/pdf, with page numbers in the bottom margin. Lines break only at spaces, so the text read back from the PDF equals the input (whitespace aside); a word longer than a line is squeezed onto one line, and only one too long for that is cut.',
    examples: [
      {
        title: 'Plain text in Serif, Letter paper',
        fields: {
          text: 'Grüße, Ελληνικά, Кириллица.\n\nA second paragraph.',
          font: 'serif',
          page_size: 'Letter',
          title: 'Sample',
        },
      },
      {
        title: 'Markdown',
        fields: {
          text: '# Notes\n\n- **bold** item\n- a [link](https://example.com)\n\n```\ncode block\n```',
          markdown: true,
        },
      },
    ],
  },
});
