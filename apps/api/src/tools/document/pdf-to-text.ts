import { pdfToText } from '../../operations/pdf/to-text.js';
import type { ToolHandler } from '../types.js';

/** A client that asks for text/plain (and not JSON first) gets the text alone. */
function wantsPlainText(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  const plain = types.indexOf('text/plain');
  const json = types.findIndex((type) => type === 'application/json' || type === '*/*');
  return plain >= 0 && (json < 0 || plain < json);
}

/** POST /pdf/to-text */
export const pdfToTextHandler: ToolHandler<'pdf-to-text'> = async (
  { fields, file },
  { config, signal, accept },
) => {
  const result = await pdfToText(
    file.data,
    { pages: fields.pages },
    { timeoutMs: config.timeouts.requestMs, signal, maxInflatedBytes: config.limits.pdfMaxInflatedBytes },
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
};
