import { fileTypeFromBuffer } from 'file-type';
import { bufferView } from '../../../bytes.js';

/** What the bytes' signature says, before any text analysis. */
export interface Signature {
  mime: string;
  ext: string;
}

const utf16 = (name: string) => Buffer.from(`${name}\0`, 'utf16le');

// Old Office files are Compound File Binary containers; file-type stops at "cfb". The stream that
// holds the document names the application (stream names are stored as UTF-16LE in the directory).
const cfbStreams: readonly [Buffer, Signature][] = [
  [utf16('WordDocument'), { mime: 'application/msword', ext: 'doc' }],
  [utf16('Workbook'), { mime: 'application/vnd.ms-excel', ext: 'xls' }],
  [utf16('Book'), { mime: 'application/vnd.ms-excel', ext: 'xls' }],
  [utf16('PowerPoint Document'), { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' }],
];

function refineCfb(data: Uint8Array): Signature {
  const bytes = bufferView(data);
  for (const [name, signature] of cfbStreams) {
    if (bytes.includes(name)) return signature;
  }
  return { mime: 'application/x-cfb', ext: 'cfb' };
}

// Netpbm (PBM/PGM/PPM/PAM): "P1"…"P7" then whitespace and a digit (P7: a header line).
function isNetpbm(data: Uint8Array): boolean {
  if (data.length < 4 || data[0] !== 0x50) return false;
  const kind = data[1] ?? 0;
  if (kind < 0x31 || kind > 0x37) return false;
  return /^P[1-7]\s+(#[^\n]*\n\s*)*(\d|WIDTH)/.test(Buffer.from(data.subarray(0, 256)).toString('latin1'));
}

/**
 * The type a file's signature (magic bytes) gives, or undefined when there is none we know.
 * XML-looking results are returned too; the caller refines them by content (XHTML, SVG).
 */
export async function readSignature(data: Uint8Array): Promise<Signature | undefined> {
  const found = await fileTypeFromBuffer(data);
  if (found) {
    if (found.mime === 'application/x-cfb') return refineCfb(data);
    // tar.gz is gzip to anyone who looks at the bytes; the tar inside is an implementation detail.
    if (found.ext === 'tar.gz') return { mime: 'application/gzip', ext: 'gz' };
    return { mime: found.mime, ext: found.ext };
  }
  if (isNetpbm(data)) return { mime: 'image/x-portable-anymap', ext: 'pnm' };
  return undefined;
}
