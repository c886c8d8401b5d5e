import chardet from 'chardet';
import { OperationError } from '../errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of an uploaded .txt or .md file: UTF-8 (a BOM is dropped), or UTF-16 with a BOM. Any
 * other encoding is a 422 that names the encoding found, rather than text typeset with garbage.
 */
export function decodeTextFile(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return utf8.decode(data).replace(/^\uFEFF/, '');
  } catch {
    const guess = chardet.detect(data);
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `The file is not UTF-8 text${guess ? ` (it looks like ${guess})` : ''}: save it as UTF-8 and send it again.`,
    );
  }
}
