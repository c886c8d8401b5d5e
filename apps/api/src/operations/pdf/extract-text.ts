import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { OperationError } from '../errors.js';

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** The document information users ask for; null where the PDF does not say. */
export interface PdfInfo {
  title: string | null;
  author: string | null;
  creator: string | null;
  producer: string | null;
  /** Creation date as ISO 8601 (UTC). */
  created: string | null;
}

export interface PdfPageText {
  number: number;
  text: string;
}

const pdfSignature = Buffer.from('%PDF-');

/**
 * A pdf.js failure while reading pages, as the contract's 422: a page tree that contains itself
 * (pdf.js finds the loop) or any other damage pdf.js stops at. Our own errors pass unchanged.
 */
export function pageFailure(error: unknown, page?: number): unknown {
  if (error instanceof OperationError) return error;
  const message = error instanceof Error ? error.message : '';
  return new OperationError(
    'UNPROCESSABLE_FILE',
    /circular reference/i.test(message)
      ? 'The PDF is damaged: its page tree contains itself, so its pages cannot be read.'
      : `The PDF is damaged: ${page === undefined ? 'its pages' : `page ${page}`} could not be read.`,
    { cause: error },
  );
}

/** pdf.js's permission bit for copying text (PDF reference, table 22: bit 5). */
const copyPermission = 0x10;

/**
 * Opens a PDF with pdf.js (no eval, no system fonts, quiet). Not a PDF: 415; empty, damaged or
 * truncated beyond repair: 422; a user password: 422 saying it is encrypted. An encrypted PDF that
 * opens without a password (an owner password only) is read when its permissions allow copying
 * text, and refused with a 422 when they forbid it (AES-256 files with "copy: no"). The last page
 * is looked up at once, so a page tree that loops or lies about its size is refused before any
 * page is shared out. pdf.js takes ownership of `data`; pass a copy if the caller still needs it.
 */
export async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  const doc = await loadPdf(data);
  try {
    const permissions = await doc.getPermissions();
    if (permissions && !permissions.includes(copyPermission)) {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        'The PDF is encrypted and its owner does not allow copying its text; ask its author for a copy without that restriction.',
      );
    }
    await doc.getPage(doc.numPages).catch((error: unknown) => {
      throw pageFailure(error);
    });
    return doc;
  } catch (error) {
    await doc.destroy();
    throw error;
  }
}

async function loadPdf(data: Uint8Array): Promise<PdfDocument> {
  if (data.byteLength === 0) throw new OperationError('UNPROCESSABLE_FILE', 'The PDF is empty (0 bytes).');
  // The header may follow a little junk (the PDF reference allows it within the first 1024 bytes).
  if (Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024)).indexOf(pdfSignature) < 0) {
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not a PDF: it does not start with %PDF-.',
    );
  }
  try {
    return await getDocumentProxy(data, {
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
      stopAtErrors: false,
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        'The PDF is encrypted with a password needed to open it; remove the password and send it again.',
        { cause: error },
      );
    }
    throw new OperationError('UNPROCESSABLE_FILE', 'The PDF is damaged or truncated and could not be read.', {
      cause: error,
    });
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Title, author, creator, producer and creation date, from the Info dictionary, else from XMP. */
export async function readPdfInfo(doc: PdfDocument): Promise<PdfInfo> {
  const { info, metadata } = await doc.getMetadata().catch(() => ({ info: {}, metadata: null }));
  const fields = (info ?? {}) as Record<string, unknown>;
  const xmp = (name: string) => text(metadata?.get(name));
  const pdfjs = await getResolvedPDFJS();
  const createdRaw = text(fields.CreationDate);
  const created = createdRaw ? pdfjs.PDFDateString.toDateObject(createdRaw) : null;
  const xmpCreated = xmp('xmp:createdate');
  return {
    title: text(fields.Title) ?? xmp('dc:title'),
    author: text(fields.Author) ?? xmp('dc:creator'),
    creator: text(fields.Creator) ?? xmp('xmp:creatortool'),
    producer: text(fields.Producer) ?? xmp('pdf:producer'),
    created:
      created && !Number.isNaN(created.getTime())
        ? created.toISOString()
        : xmpCreated && !Number.isNaN(Date.parse(xmpCreated))
          ? new Date(xmpCreated).toISOString()
          : null,
  };
}

// Ligatures (ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ) become their letters; NUL and other control characters that some
// fonts' broken maps produce are dropped rather than shown as garbage.
const ligatures = /[\uFB00-\uFB06]/g;
const controls = /(?![\n\t])\p{Cc}/gu;

export function cleanExtractedText(value: string): string {
  return value.replace(ligatures, (ligature) => ligature.normalize('NFKC')).replace(controls, '');
}

interface Line {
  text: string;
  /** Where the line's last run ends, and its font size (to tell a full line from a short one). */
  right: number;
  size: number;
}

const hyphenated = /\p{L}-$/u;
const continues = /^\p{Ll}/u;

/**
 * Joins a word hyphenated at the end of a full line (a letter and "-" on a line that reaches the
 * right edge of the text, then a lower-case letter), as pdftotext does for typeset documents. A
 * hyphen at the end of a shorter line is the author's ("какую-" before "либо" on the next line of a
 * plain text) and stays, with its line break.
 */
function joinLines(lines: Line[]): string {
  const edge = Math.max(...lines.map((line) => line.right));
  let out = '';
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    const text = line.text.trimEnd();
    const full = line.right >= edge - 1.5 * line.size;
    if (next && full && hyphenated.test(text) && continues.test(next.text)) out += text.slice(0, -1);
    else out += next ? `${text}\n` : text;
  });
  return out;
}

/**
 * The text of one page in reading order: pdf.js gives the runs in content order with its own line
 * ends (hasEOL) and some spaces it inferred. Runs it leaves glued together are separated here from
 * their geometry: a new baseline (or a jump back to the left, as to a margin note) is a new line, a
 * gap wider than a fifth of the font size a space. Words hyphenated at the end of a full line are
 * joined (joinLines); lines are trimmed at the end and blank runs of lines collapsed to one.
 */
export async function extractPageText(doc: PdfDocument, pageNumber: number): Promise<string> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await page.getTextContent({ disableNormalization: true });
    const lines: Line[] = [];
    let line: Line = { text: '', right: 0, size: 0 };
    const endLine = () => {
      lines.push(line);
      line = { text: '', right: 0, size: 0 };
    };
    let previous: { end: number; y: number; size: number } | undefined;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
      const size = Math.hypot(a, b) || item.height || 1;
      if (item.str !== '' && previous && line.text !== '') {
        const small = Math.min(size, previous.size);
        const gap = x - previous.end;
        // A new baseline, or a jump back to the left (a margin note beside the line), starts a line.
        if (Math.abs(y - previous.y) > 0.5 * small || gap < -2 * small) endLine();
        else if (gap > 0.2 * small && !/\s$/.test(line.text) && !/^\s/.test(item.str)) line.text += ' ';
      }
      line.text += cleanExtractedText(item.str);
      if (item.str !== '') {
        previous = { end: x + item.width, y, size };
        line.right = Math.max(line.right, x + item.width);
        line.size = Math.max(line.size, size);
      }
      if (item.hasEOL) endLine();
    }
    if (line.text !== '') endLine();
    if (lines.length === 0) return '';
    return joinLines(lines)
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  } finally {
    page.cleanup();
  }
}

/** Texts of the given pages, in the given order. */
export async function extractPages(doc: PdfDocument, pages: readonly number[]): Promise<PdfPageText[]> {
  const out: PdfPageText[] = [];
  for (const number of pages) {
    const text = await extractPageText(doc, number).catch((error: unknown) => {
      throw pageFailure(error, number);
    });
    out.push({ number, text });
  }
  return out;
}
