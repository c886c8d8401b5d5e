import { describe, expect, it } from 'vitest';
import { ApiError, JSON_INSTEAD_OF_FILE_MESSAGE } from './api-errors';
import {
  type DocumentResult,
  type FileResult,
  LARGE_RESULT_BYTES,
  readResult,
  resultNumber,
} from './tool-response';

const answer = (body: BodyInit, headers: Record<string, string>) => new Response(body, { headers });

describe('readResult', () => {
  it("reads an 'analysis' answer as its message and data", async () => {
    const response = answer(JSON.stringify({ success: true, message: 'Counted.', data: { words: 3 } }), {
      'content-type': 'application/json',
    });
    expect(await readResult(response, 'analysis')).toEqual({ message: 'Counted.', data: { words: 3 } });
  });

  it("reads a small text 'document' as text, with its type and file name", async () => {
    const response = answer('a,b\r\n1,2\r\n', {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="rows.csv"',
      'x-row-count': '1',
    });
    const result = (await readResult(response, 'document')) as DocumentResult;
    expect(result.text).toBe('a,b\r\n1,2\r\n');
    expect(result).toMatchObject({ contentType: 'text/csv; charset=utf-8', filename: 'rows.csv' });
    expect(resultNumber(result.headers, 'x-row-count')).toBe(1);
  });

  it("keeps a JSON 'document' (csv-to-json answers application/json) as a document, not an error", async () => {
    const result = (await readResult(
      answer('[{"a":1}]', { 'content-type': 'application/json' }),
      'document',
    )) as DocumentResult;
    expect(result.text).toBe('[{"a":1}]');
  });

  it("leaves a large or binary 'document' as a Blob only, to be downloaded", async () => {
    const large = (await readResult(
      answer('x'.repeat(LARGE_RESULT_BYTES + 1), { 'content-type': 'text/plain' }),
      'document',
    )) as DocumentResult;
    expect(large.text).toBeUndefined();
    expect(large.blob.size).toBe(LARGE_RESULT_BYTES + 1);
    const binary = (await readResult(
      answer(new Uint8Array([0x89, 0x50]), { 'content-type': 'image/png' }),
      'document',
    )) as DocumentResult;
    expect(binary.text).toBeUndefined();
    expect(binary.blob.size).toBe(2);
  });

  it('reads a file with its name, type, image size and result headers', async () => {
    const response = answer(new Uint8Array([1, 2, 3]), {
      'content-type': 'audio/mpeg',
      'content-disposition': "attachment; filename*=UTF-8''chanson-%C3%A9t%C3%A9.mp3",
      'x-duration-seconds': '12.5',
    });
    const result = (await readResult(response, 'audio')) as FileResult;
    expect(result).toMatchObject({
      filename: 'chanson-été.mp3',
      contentType: 'audio/mpeg',
      width: undefined,
    });
    expect(resultNumber(result.headers, 'x-duration-seconds')).toBe(12.5);
    expect(resultNumber(result.headers, 'x-missing')).toBeUndefined();
  });

  it('turns JSON sent in place of a file into an error', async () => {
    const error = await readResult(
      answer('{"ok":true}', { 'content-type': 'application/json' }),
      'archive',
    ).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(JSON_INSTEAD_OF_FILE_MESSAGE);
  });
});
