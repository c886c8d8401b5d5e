import { sizeHeaders, textToPdfHeaders } from '@toolkit/catalog';
import { bufferView } from '../../bytes.js';
import { OperationError } from '../../operations/errors.js';
import { describeMissingGlyphs, renderTextPdf } from '../../operations/pdf/from-text.js';
import { decodeTextFile } from '../../operations/pdf/text-file.js';
import type { ToolHandler } from '../types.js';

/** POST /pdf/from-text */
export const textToPdfHandler: ToolHandler<'text-to-pdf'> = async ({ fields, file }, { config, signal }) => {
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
};
