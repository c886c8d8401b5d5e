import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { OperationError } from '../../errors.js';
import { htmlPage, sanitize } from './html-safety.js';
import { htmlToMarkdown, htmlToPlainText } from './markup.js';
import { inspectZip, type ZipLimits } from './zip-guard.js';

export interface DocxLimits extends ZipLimits {
  /** Embedded images larger than this (each) are left out with a note. */
  maxImageBytes: number;
  /** Once images add up to this, further ones are left out with a note. */
  maxTotalImageBytes: number;
}

const webImages = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The document's body as sanitised HTML. Images travel inside the result as data URIs when the
 * browser can show them and they fit the limits; others (EMF, WMF, TIFF, too large) leave a note
 * "[image omitted: …]". Linked (external) images are never fetched: mammoth's external file
 * access stays off.
 */
async function docxBodyHtml(data: Buffer, limits: DocxLimits): Promise<string> {
  const summary = await inspectZip(data, limits, 'DOCX');
  if (!summary.names.has('word/document.xml')) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      'This file is a ZIP archive but not a Word document: it has no word/document.xml inside.',
    );
  }
  let imageBytes = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    const bytes = await image.readAsBuffer();
    const type = await fileTypeFromBuffer(bytes);
    const fits =
      bytes.length <= limits.maxImageBytes && imageBytes + bytes.length <= limits.maxTotalImageBytes;
    if (!type || !webImages.has(type.mime) || !fits) {
      const why = !fits ? 'too large to embed' : `${type?.ext.toUpperCase() ?? 'unknown'} format`;
      return { src: '', alt: why };
    }
    imageBytes += bytes.length;
    return { src: `data:${type.mime};base64,${bytes.toString('base64')}` };
  });
  try {
    const result = await mammoth.convertToHtml(
      { buffer: data },
      { convertImage, externalFileAccess: false, ignoreEmptyParagraphs: true },
    );
    return sanitize(result.value, { remoteImages: false });
  } catch (error) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      'The Word document could not be read: it is damaged or not a DOCX.',
      {
        cause: error,
      },
    );
  }
}

export type DocxTarget = 'html' | 'md' | 'txt';

/**
 * DOCX → HTML page, Markdown or plain text, keeping headings, lists, tables, links and images.
 *
 * @example await docxTo(docx, 'md', 'report', limits) // '# Title\n\n| a | b |…'
 */
export async function docxTo(
  data: Buffer,
  target: DocxTarget,
  title: string,
  limits: DocxLimits,
): Promise<string> {
  const body = await docxBodyHtml(data, limits);
  if (target === 'html') return htmlPage(title, body);
  if (target === 'md') return htmlToMarkdown(body);
  return htmlToPlainText(body);
}
