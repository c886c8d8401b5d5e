import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../../test/helpers/operation-failure.js';
import { base64Decode } from './base64-decode.js';
import { base64Encode } from './base64-encode.js';

const encode = (bytes: Uint8Array, url_safe = false, line_length = 0) =>
  base64Encode(bytes, { url_safe, line_length });
const decode = (text: string, url_safe?: boolean) => base64Decode(text, { url_safe }, 'base64');

describe('base64Encode', () => {
  it('encodes in the standard and URL-safe alphabets, wrapping lines when asked', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x68, 0x69]);
    expect(encode(bytes)).toBe('+/+/aGk=');
    expect(encode(bytes, true)).toBe('-_-_aGk');
    expect(encode(Buffer.from('hello world, hello'), false, 8)).toBe('aGVsbG8g\nd29ybGQs\nIGhlbGxv');
    expect(encode(new Uint8Array(0))).toBe('');
  });
});

describe('base64Decode', () => {
  it('decodes both alphabets, missing padding, line breaks, spaces and data: URIs', async () => {
    for (const text of [
      'aGVsbG8=',
      'aGVsbG8',
      'aGVs\r\nbG8=',
      ' aGVs bG8= \n',
      'data:text/plain;base64,aGVsbG8=',
    ]) {
      expect(await decode(text)).toEqual({ kind: 'text', text: 'hello' });
    }
    expect(await decode('aGk_', true)).toEqual({ kind: 'text', text: 'hi?' });
    expect(await decode('aGk/', false)).toEqual({ kind: 'text', text: 'hi?' });
    expect(await decode('2YXYsdit2KjYpyDwn5iA')).toEqual({ kind: 'text', text: 'مرحبا 😀' });
  });

  it('names the first bad position', async () => {
    const cases: [string, string][] = [
      ['aGVs*bG8=', 'position 5: "*" is not a base64 character'],
      ['aGVsbG8=garbage', 'position 9: "g" comes after the = padding, which only ends the text'],
      ['aGVsbG8===', 'position 10: there are more than two = at the end'],
      [
        'aGVsb',
        'position 5: the text ends with a single character after its last group of four; a character is missing or extra',
      ],
      ['aGVsbA=', 'position 7: the = padding does not complete a group of four (2 expected)'],
      ['aGVs\nbG8ü', 'position 9 (line 2, column 4): "ü" is not a base64 character'],
      ['😀', 'position 1: "😀" is not a base64 character'],
    ];
    for (const [text, problem] of cases) {
      expect(await failureOf(() => decode(text))).toEqual({
        code: 'VALIDATION_ERROR',
        message: `The base64 is invalid at ${problem}.`,
        field: 'base64',
      });
    }
    expect((await failureOf(() => decode('aGk_', false))).message).toBe(
      'The base64 is invalid at position 4: "_" is not a base64 character (it belongs to the URL-safe alphabet; leave url_safe unset or true).',
    );
    expect((await failureOf(() => decode('aGk/', true))).message).toContain(
      'belongs to the standard alphabet',
    );
  });

  it('returns binary with its detected type', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const result = await decode(png.toString('base64'));
    expect(result).toMatchObject({ kind: 'binary', mime: 'image/png', extension: 'png' });
    expect(Buffer.from((result as { data: Uint8Array }).data).equals(png)).toBe(true);
    expect(await decode(Buffer.from([0xff, 0xfe, 0x68, 0x00]).toString('base64'))).toMatchObject({
      kind: 'binary',
      mime: 'text/plain; charset=utf-16le',
    });
    expect(await decode(Buffer.from([0x00, 0x01, 0x02]).toString('base64'))).toMatchObject({
      mime: 'application/octet-stream',
      extension: 'bin',
    });
  });

  it('round-trips random bytes in both alphabets and with wrapping', async () => {
    for (const size of [0, 1, 2, 3, 1000, 65_537]) {
      const bytes = randomBytes(size);
      for (const [urlSafe, lines] of [
        [false, 0],
        [true, 0],
        [false, 76],
      ] as const) {
        const decoded = await decode(encode(bytes, urlSafe, lines));
        const back =
          decoded.kind === 'binary' ? Buffer.from(decoded.data) : Buffer.from(decoded.text, 'utf8');
        expect(back.equals(bytes)).toBe(true);
      }
    }
  });
});

/** The rules the decoder checked character by character before it matched one pattern instead. */
function referenceDecode(text: string, urlSafe?: boolean): Buffer | 'invalid' {
  const body = text.slice(/^\s*data:[^,]*;base64,/i.exec(text)?.[0].length ?? 0);
  const alphabet =
    urlSafe === true ? /[A-Za-z0-9_-]/ : urlSafe === false ? /[A-Za-z0-9+/]/ : /[A-Za-z0-9+/_-]/;
  let data = 0;
  let padding = 0;
  for (const char of body) {
    if (' \t\r\n'.includes(char)) continue;
    if (char === '=') padding++;
    else if (alphabet.test(char) && padding === 0) data++;
    else return 'invalid';
    if (padding > 2) return 'invalid';
  }
  if (data % 4 === 1 || (padding > 0 && (data + padding) % 4 !== 0)) return 'invalid';
  return Buffer.from(body.replace(/[\s=]/g, ''), 'base64');
}

describe('base64Decode against the character-by-character rules', () => {
  const bytesOf = async (input: string | Uint8Array, urlSafe?: boolean) => {
    const decoding = base64Decode(input, { url_safe: urlSafe }, 'base64');
    const decoded = await decoding.catch(() => undefined);
    if (decoded)
      return decoded.kind === 'text' ? Buffer.from(decoded.text, 'utf8') : Buffer.from(decoded.data);
    const { code, message } = await failureOf(() => decoding);
    // Every refusal names a character or the padding: none falls through to the generic one.
    expect([code, message.includes('could not be read')]).toEqual(['VALIDATION_ERROR', false]);
    return 'invalid';
  };

  it('accepts and refuses the same texts, and decodes them alike, as text and as an upload', async () => {
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pieces = [
      'QUJD',
      'ZA',
      'x',
      '+/',
      '-_',
      '=',
      '==',
      ' ',
      '\r\n',
      '\t',
      '*',
      'ü',
      'data:;base64,',
      '😀',
    ];
    for (let round = 0; round < 3000; round++) {
      let text = '';
      const length = Math.floor(next() * 12);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)];
      const urlSafe = [undefined, true, false][round % 3];
      const expected = referenceDecode(text, urlSafe);
      expect([text, await bytesOf(text, urlSafe)]).toEqual([text, expected]);
      expect([text, await bytesOf(Buffer.from(text, 'utf8'), urlSafe)]).toEqual([text, expected]);
    }
  });

  it('reads an upload as decodeText does: a byte order mark dropped, a character named where it is', async () => {
    const upload = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
    expect(await base64Decode(upload('\ufeffaGVsbG8='), {}, 'file')).toEqual({ kind: 'text', text: 'hello' });
    expect((await failureOf(() => base64Decode(upload('aGVs\nbG8ü'), {}, 'file'))).message).toBe(
      'The base64 is invalid at position 9 (line 2, column 4): "ü" is not a base64 character.',
    );
    expect(await failureOf(() => base64Decode(new Uint8Array([0x61, 0xff]), {}, 'file'))).toMatchObject({
      code: 'UNPROCESSABLE_FILE',
    });
  });
});
