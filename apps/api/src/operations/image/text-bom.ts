import { OperationError } from '../errors.js';

/**
 * Refuses UTF-16 text (a byte-order mark first) as text: signature detection reads its first two
 * bytes, FF FE or FE FF, as an MPEG audio frame header and would call a CSV export "an MP1 file".
 */
export function refuseUtf16Text(data: Buffer, name: string, accepted: string): void {
  const bom =
    data.length >= 2 && ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff));
  if (bom) {
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file "${name}" is text (UTF-16), not an image. Upload a ${accepted} image.`,
    );
  }
}
