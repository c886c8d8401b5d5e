import { fileTypeFromBuffer } from 'file-type';
import { bufferView } from '../../bytes.js';
import { OperationError } from '../errors.js';
import { decodeText, type TextInput } from '../text/decode-text.js';
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
 * Names the first character that makes base64 invalid (Node's decoder skips what it does not
 * understand), looking at each in turn: only for a text that validBase64 refused.
 */
function firstProblem(text: string, urlSafe: boolean | undefined, field: string): OperationError {
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
      if (padding > 2) return invalid(text, i, 'there are more than two = at the end', field);
    } else if (
      isAlphanumeric(code) ||
      (standard && (char === '+' || char === '/')) ||
      (url && (char === '-' || char === '_'))
    ) {
      if (padding > 0)
        return invalid(
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
      return invalid(text, i, `${shown(text, i)} is not a base64 character${hint}`, field);
    }
    last = i;
  }
  if (data % 4 === 1) {
    return invalid(
      text,
      last,
      'the text ends with a single character after its last group of four; a character is missing or extra',
      field,
    );
  }
  if (padding > 0 && (data + padding) % 4 !== 0) {
    return invalid(
      text,
      last,
      `the = padding does not complete a group of four (${(4 - (data % 4)) % 4} expected)`,
      field,
    );
  }
  // validBase64 and this loop accept the same texts: a refusal here was expected.
  return invalid(text, Math.max(last, 0), 'it could not be read', field);
}

/**
 * The characters after a data: URI prefix, one pattern per `url_safe` setting: the alphabet's
 * characters then at most two "=", whitespace anywhere. Sticky (from lastIndex), so that the prefix
 * is never copied off a text of megabytes.
 */
const SHAPES = {
  standard: /[A-Za-z0-9+/ \t\r\n]*((?:=[ \t\r\n]*){0,2})$/y,
  url: /[A-Za-z0-9\-_ \t\r\n]*((?:=[ \t\r\n]*){0,2})$/y,
  either: /[A-Za-z0-9+/\-_ \t\r\n]*((?:=[ \t\r\n]*){0,2})$/y,
};
const SPACE = /[ \t\r\n]/;
const SPACES = /[ \t\r\n]/g;

/**
 * The base64 characters of `text` from `start` (data: URI prefix skipped) when the text is valid
 * base64 by the rules firstProblem spells out, else undefined: one pattern match (V8's compiled
 * regular expression, not a loop in JavaScript), then the count of characters, for which wrapped
 * text is taken out of its whitespace.
 */
function validBase64(text: string, start: number, urlSafe: boolean | undefined): string | undefined {
  const shape = SHAPES[urlSafe === true ? 'url' : urlSafe === false ? 'standard' : 'either'];
  shape.lastIndex = start;
  const match = shape.exec(text);
  if (!match) return undefined;
  const tail = match[1] ?? '';
  const padding = tail.length - tail.replace(/=/g, '').length;
  const body = start > 0 ? text.slice(start) : text;
  // Without whitespace Node sizes its output exactly: a buffer of its own, moved to the main thread.
  const compact = SPACE.test(body) ? body.replace(SPACES, '') : body;
  const data = compact.length - padding;
  if (data % 4 === 1 || (padding > 0 && (data + padding) % 4 !== 0)) return undefined;
  return compact;
}

/**
 * Decodes base64 in either alphabet (or the one `url_safe` names), with or without padding, line
 * breaks and spaces ignored, a data: URI prefix allowed. Anything else is VALIDATION_ERROR naming
 * the first bad position. The bytes come back as text when they are valid UTF-8 without binary
 * control characters, else with the media type and extension their content shows
 * (application/octet-stream and "bin" when unknown). An upload's bytes are read as decodeText
 * reads them.
 *
 * @example await base64Decode('aGVsbG8', {}, 'base64') // { kind: 'text', text: 'hello' }
 */
export async function base64Decode(
  input: TextInput,
  options: Base64DecodeOptions,
  field: string,
): Promise<Base64Decoded> {
  // An upload is read as Latin-1, which costs no UTF-8 check: any byte beyond ASCII fails the pattern,
  // and the text is then read as decodeText reads it, to name the problem at its character.
  let text = typeof input === 'string' ? decodeText(input, field) : bufferView(input).toString('latin1');
  const start = DATA_URI.exec(text)?.[0].length ?? 0;
  let base64 = validBase64(text, start, options.url_safe);
  if (base64 === undefined && typeof input !== 'string') {
    text = decodeText(input, field);
    base64 = validBase64(text, DATA_URI.exec(text)?.[0].length ?? 0, options.url_safe);
  }
  if (base64 === undefined) throw firstProblem(text, options.url_safe, field);
  const data = Buffer.from(base64, 'base64');
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
