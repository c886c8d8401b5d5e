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
