import { TextDecoder } from 'node:util';
import chardet from 'chardet';
import { OperationError } from '../errors.js';

/** A text input as it reaches an operation: a JSON string as sent, or the bytes of an uploaded file. */
export type TextInput = string | Uint8Array;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf16le = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
const utf16be = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true });

/** chardet reads a sample: a guess about the encoding needs no more, and it is slow on megabytes. */
const SAMPLE_BYTES = 64 * 1024;

function startsWith(bytes: Uint8Array, ...prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function refuse(field: string, found: string): never {
  throw new OperationError(
    'UNPROCESSABLE_FILE',
    `The text is not UTF-8: it looks like ${found}. Save it as UTF-8 (or UTF-16 with a byte order mark) and send it again.`,
    { field },
  );
}

/**
 * UTF-16 without a BOM is valid UTF-8 when its text is ASCII (every other byte is NUL), and chardet
 * calls it ISO-8859-1: recognise it by where the NUL bytes sit.
 */
function bomlessUtf16(sample: Uint8Array): string | undefined {
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  }
  const half = sample.length / 2;
  if (odd > half * 0.3 && even < odd / 10) return 'UTF-16LE without a byte order mark';
  if (even > half * 0.3 && odd < even / 10) return 'UTF-16BE without a byte order mark';
  return undefined;
}

function decodeUtf16(bytes: Uint8Array, decoder: TextDecoder, name: string, field: string): string {
  if (bytes.length % 2 !== 0) refuse(field, `${name} cut off in the middle of a character`);
  try {
    return decoder.decode(bytes.subarray(2));
  } catch {
    return refuse(field, `${name} with invalid character sequences`);
  }
}

/**
 * The text of a request, for every text and data operation: a JSON string loses a leading BOM;
 * a file must be UTF-8 (a BOM is dropped) or UTF-16 with a BOM (what spreadsheet programs save as
 * "Unicode text"). Anything else is refused with UNPROCESSABLE_FILE naming the encoding it looks
 * like, so that the person can re-save it; `field` names the request field it came from.
 *
 * @example decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'file') // 'a'
 * @example decodeText(latin1Bytes, 'file') // throws: "The text is not UTF-8: it looks like ISO-8859-1. …"
 */
export function decodeText(input: TextInput, field: string): string {
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const bytes = input;
  if (startsWith(bytes, 0xff, 0xfe, 0, 0)) refuse(field, 'UTF-32LE');
  if (startsWith(bytes, 0, 0, 0xfe, 0xff)) refuse(field, 'UTF-32BE');
  if (startsWith(bytes, 0xff, 0xfe)) return decodeUtf16(bytes, utf16le, 'UTF-16LE', field);
  if (startsWith(bytes, 0xfe, 0xff)) return decodeUtf16(bytes, utf16be, 'UTF-16BE', field);
  const body = startsWith(bytes, 0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes;
  const sample = body.subarray(0, SAMPLE_BYTES);
  const utf16 = bomlessUtf16(sample);
  if (utf16) refuse(field, utf16);
  try {
    return utf8.decode(body);
  } catch {
    const guess = chardet.detect(sample);
    // chardet may still say UTF-8 when the invalid sequence is beyond its sample.
    return refuse(
      field,
      guess && guess !== 'UTF-8' ? guess : 'UTF-8 with invalid byte sequences (another encoding mixed in?)',
    );
  }
}
