import { fileTypeFromBuffer } from 'file-type';
import { OperationError } from '../errors.js';
import { describePosition, positionAt } from './text-position.js';

export interface Base64DecodeOptions {
  /** true: only - and _; false: only + and /; absent: either alphabet. */
  url_safe?: boolean | undefined;
}

export type Base64Decoded =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; data: Uint8Array; mime: string; extension: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const DATA_URI = /^\s*data:[^,]*;base64,/i;
const WHITESPACE = new Set([' ', '\t', '\r', '\n']);
/** Control characters that plain text does not contain (tab, line breaks, form feed and escape it may). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/;

function isAlphanumeric(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

function invalid(text: string, index: number, problem: string, field: string): OperationError {
  const place = text.includes('\n')
    ? `position ${index + 1} (${describePosition(positionAt(text, index))})`
    : `position ${index + 1}`;
  return new OperationError('VALIDATION_ERROR', `The base64 is invalid at ${place}: ${problem}.`, { field });
}

function shown(text: string, index: number): string {
  return JSON.stringify(String.fromCodePoint(text.codePointAt(index) ?? 0));
}

/**
 * Checks base64 strictly (Node's decoder skips what it does not understand) and returns it
 * without line breaks, whitespace or a data: URI prefix.
 */
function clean(text: string, urlSafe: boolean | undefined, field: string): string {
  const start = DATA_URI.exec(text)?.[0].length ?? 0;
  const standard = urlSafe !== true;
  const url = urlSafe !== false;
  let data = 0;
  let padding = 0;
  let last = -1;
  for (let i = start; i < text.length; i++) {
    const char = text.charAt(i);
    if (WHITESPACE.has(char)) continue;
    const code = char.charCodeAt(0);
    if (char === '=') {
      padding++;
      if (padding > 2) throw invalid(text, i, 'there are more than two = at the end', field);
    } else if (
      isAlphanumeric(code) ||
      (standard && (char === '+' || char === '/')) ||
      (url && (char === '-' || char === '_'))
    ) {
      if (padding > 0)
        throw invalid(
          text,
          i,
          `${shown(text, i)} comes after the = padding, which only ends the text`,
          field,
        );
      data++;
    } else {
      const hint =
        (char === '-' || char === '_') && !url
          ? ' (it belongs to the URL-safe alphabet; leave url_safe unset or true)'
          : (char === '+' || char === '/') && !standard
            ? ' (it belongs to the standard alphabet; leave url_safe unset or false)'
            : '';
      throw invalid(text, i, `${shown(text, i)} is not a base64 character${hint}`, field);
    }
    last = i;
  }
  if (data % 4 === 1) {
    throw invalid(
      text,
      last,
      'the text ends with a single character after its last group of four; a character is missing or extra',
      field,
    );
  }
  if (padding > 0 && (data + padding) % 4 !== 0) {
    throw invalid(
      text,
      last,
      `the = padding does not complete a group of four (${(4 - (data % 4)) % 4} expected)`,
      field,
    );
  }
  const cleaned = text.slice(start).replace(/[\s=]/g, '');
  return cleaned;
}

/**
 * Decodes base64 in either alphabet (or the one `url_safe` names), with or without padding, line
 * breaks and spaces ignored, a data: URI prefix allowed. Anything else is VALIDATION_ERROR naming
 * the first bad position. The bytes come back as text when they are valid UTF-8 without binary
 * control characters, else with the media type and extension their content shows
 * (application/octet-stream and "bin" when unknown).
 *
 * @example await base64Decode('aGVsbG8', {}, 'base64') // { kind: 'text', text: 'hello' }
 */
export async function base64Decode(
  text: string,
  options: Base64DecodeOptions,
  field: string,
): Promise<Base64Decoded> {
  const data = Buffer.from(clean(text, options.url_safe, field), 'base64');
  try {
    const decoded = strictUtf8.decode(data);
    if (!BINARY_CONTROL.test(decoded)) return { kind: 'text', text: decoded };
  } catch {
    // Not UTF-8: binary.
  }
  // file-type calls UTF-16 text with a BOM audio/mpeg: look at the BOM first.
  if (data[0] === 0xff && data[1] === 0xfe) return binary(data, 'text/plain; charset=utf-16le', 'txt');
  if (data[0] === 0xfe && data[1] === 0xff) return binary(data, 'text/plain; charset=utf-16be', 'txt');
  const type = await fileTypeFromBuffer(data);
  return binary(data, type?.mime ?? 'application/octet-stream', type?.ext ?? 'bin');
}

function binary(data: Buffer, mime: string, extension: string): Base64Decoded {
  return {
    kind: 'binary',
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    mime,
    extension,
  };
}
