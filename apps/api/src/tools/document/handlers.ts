import { sizeHeaders, textToPdfHeaders } from '@toolkit/catalog';
import { bufferView } from '../../bytes.js';
import { OperationError } from '../../operations/errors.js';
import { describeMissingGlyphs } from '../../operations/pdf/from-text.js';
import { decodeTextFile } from '../../operations/pdf/text-file.js';
import { pdfToText } from '../../operations/pdf/to-text.js';
import type { HandlerTable } from '../types.js';
import { pdfReader, renderTextPdf } from './pdf-engines.js';

/** A client that asks for text/plain (and not JSON first) gets the text alone. */
function wantsPlainText(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  const plain = types.indexOf('text/plain');
  const json = types.findIndex((type) => type === 'application/json' || type === '*/*');
  return plain >= 0 && (json < 0 || plain < json);
}

/** The PDF tools' handlers, by tool id. */
export const documentHandlers = {
  'pdf-to-text': async ({ fields, file }, { config, signal, accept }) => {
    const result = await pdfToText(
      file.data,
      { pages: fields.pages },
      { timeoutMs: config.timeouts.requestMs, signal, maxInflatedBytes: config.limits.pdfMaxInflatedBytes },
      pdfReader,
    );
    if (wantsPlainText(accept)) {
      return { kind: 'document', body: result.text, contentType: 'text/plain; charset=utf-8' };
    }
    const pages =
      result.pages.length === result.pageCount
        ? `${result.pageCount}`
        : `${result.pages.length} of ${result.pageCount}`;
    return {
      kind: 'analysis',
      message: `Text extracted from ${pages} ${result.pageCount === 1 ? 'page' : 'pages'}.`,
      data: result,
    };
  },
  'text-to-pdf': async ({ fields, file }, { config, signal }) => {
    // An uploaded file wins over the text field, as on every JSON-or-file route (uploadPrecedence).
    const text = file ? decodeTextFile(file.data) : fields.text;
    // An empty or blank "text" arrives as absent (blank fields mean "use the default").
    if (text === undefined) {
      throw new OperationError(
        'VALIDATION_ERROR',
        'The text is missing, empty or only whitespace: send {"text": "…"}, or upload a .txt or .md file as "file".',
        { field: 'text' },
      );
    }
    const markdown = fields.markdown ?? /\.(md|markdown)$/i.test(file?.filename ?? '');
    const result = await renderTextPdf(
      { ...fields, text, markdown },
      {
        maxCharacters: config.limits.textToPdfMaxCharacters,
        maxJoinedMarks: config.limits.textToPdfMaxJoinedMarks,
      },
      { timeoutMs: config.timeouts.requestMs, signal },
    );
    const data = bufferView(result.pdf);
    const headers: Record<string, string | number> = {
      [textToPdfHeaders.pageCount.name]: result.pages,
      [sizeHeaders.outputSize.name]: data.length,
    };
    if (result.missingGlyphs.length > 0) {
      headers[textToPdfHeaders.missingGlyphs.name] = describeMissingGlyphs(result.missingGlyphs);
    }
    return { kind: 'file', data, contentType: 'application/pdf', extension: 'pdf', headers };
  },
} satisfies Partial<HandlerTable>;
