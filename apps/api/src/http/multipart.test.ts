import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { extendedFilename, type MultipartLimits, readMultipart } from './multipart.js';

const limits: MultipartLimits = {
  fileBytes: 1024,
  files: 2,
  fields: 5,
  fieldBytes: 1024,
  bodyBytes: 64 * 1024,
};

/** A finished request whose body is one file part with the given Content-Disposition. */
function request(disposition: string): IncomingMessage {
  const boundary = 'b0undary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    'latin1',
  );
  const stream = Readable.from([body], { objectMode: false });
  return Object.assign(stream, {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    complete: true,
  }) as unknown as IncomingMessage;
}

const nameRead = async (disposition: string) =>
  (await readMultipart(request(disposition), 'file', 1, limits)).files[0]?.filename;

describe('readMultipart file names (RFC 6266: filename* wins)', () => {
  it('takes filename* whether it comes before or after filename', async () => {
    const star = "filename*=UTF-8''%E2%82%AC%20rates.csv";
    expect(await nameRead(`form-data; name="file"; ${star}; filename="EUR rates.csv"`)).toBe('€ rates.csv');
    expect(await nameRead(`form-data; name="file"; filename="EUR rates.csv"; ${star}`)).toBe('€ rates.csv');
  });

  it('keeps filename when filename* is absent or cannot be decoded', async () => {
    expect(await nameRead('form-data; name="file"; filename="plain.csv"')).toBe('plain.csv');
    // %FF alone is no UTF-8.
    expect(await nameRead(`form-data; name="file"; filename*=UTF-8''%FF.csv; filename="fallback.csv"`)).toBe(
      'fallback.csv',
    );
  });

  it('drops folders from filename* as from filename', async () => {
    expect(
      await nameRead(`form-data; name="file"; filename="a.csv"; filename*=UTF-8''..%2Fetc%2Fb.csv`),
    ).toBe('b.csv');
  });
});

describe('extendedFilename', () => {
  it('decodes UTF-8 and ISO-8859-1, any case, with a language tag', () => {
    expect(extendedFilename(`form-data; name="f"; filename*=utf-8'en'%E6%97%A5.png`)).toBe('日.png');
    expect(extendedFilename(`form-data; name="f"; filename*=ISO-8859-1''%E9t%E9.txt`)).toBe('été.txt');
  });

  it('reads parameters, not text inside a quoted value', () => {
    expect(extendedFilename(`form-data; name="f"; filename="x; filename*=UTF-8''evil.exe"`)).toBeUndefined();
    expect(extendedFilename('form-data; name="f"; filename="x.png"')).toBeUndefined();
    expect(extendedFilename(undefined)).toBeUndefined();
  });

  it('refuses other charsets and malformed values', () => {
    expect(extendedFilename(`form-data; filename*=windows-1252''%80.txt`)).toBeUndefined();
    expect(extendedFilename('form-data; filename*=%E2%82%AC.txt')).toBeUndefined();
    expect(extendedFilename(`form-data; filename*=UTF-8''a b.txt`)).toBeUndefined();
  });
});
