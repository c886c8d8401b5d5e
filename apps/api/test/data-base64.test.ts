import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorkerPool } from '../src/runtime/worker-pool.js';
import { expectError, makeApp } from './helpers/app.js';
import { postFile, postJson } from './helpers/data-requests.js';
import { fixture } from './helpers/fixtures.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await closeWorkerPool();
});

describe('POST /data/base64-encode', () => {
  it('encodes text as UTF-8, standard or URL-safe, wrapped when asked', async () => {
    const plain = await postJson(app, '/data/base64-encode', { text: 'Ünïcode?>' });
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.body).toBe('w5xuw69jb2RlPz4=');
    expect((await postJson(app, '/data/base64-encode', { text: 'Ünïcode?>', url_safe: true })).body).toBe(
      'w5xuw69jb2RlPz4',
    );
    expect((await postJson(app, '/data/base64-encode', { text: 'Ünïcode?>', line_length: 6 })).body).toBe(
      'w5xuw6\n9jb2Rl\nPz4=',
    );
  });

  it('encodes an uploaded file byte for byte', async () => {
    const png = fixture('images/chelsea_cat_451x300.png');
    const res = await postFile(app, '/data/base64-encode', png, {}, 'cat.png');
    expect(res.body).toBe(png.toString('base64'));
  });
});

describe('POST /data/base64-decode', () => {
  it('round-trips random bytes, standard and URL-safe, with line breaks', async () => {
    for (const urlSafe of [false, true]) {
      const bytes = randomBytes(3001);
      const encoded = await postJson(app, '/data/base64-encode', { text: 'x' });
      expect(encoded.statusCode).toBe(200);
      const base64 = bytes.toString(urlSafe ? 'base64url' : 'base64').replace(/(.{76})/g, '$1\r\n');
      const res = await postJson(app, '/data/base64-decode', { base64 });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment; filename="file-decoded.bin"');
    }
  });

  it('answers text as text, and a PNG as a PNG download named after the upload', async () => {
    const text = await postJson(app, '/data/base64-decode', { base64: '2YXYsdit2KjYpyDwn5iA' });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('مرحبا 😀');
    const png = fixture('images/chelsea_cat_451x300.png');
    const upload = Buffer.from(png.toString('base64'), 'utf8');
    const res = await postFile(app, '/data/base64-decode', upload, {}, 'cat.b64');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cat-decoded.png"');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ['aGVs*bG8=', 'position 5: "*" is not a base64 character'],
    ['*aGVsbG8=', 'position 1: "*" is not a base64 character'],
    ['aGVsbG8=garbage', 'position 9: "g" comes after the = padding, which only ends the text'],
    ['aGVsbG8h!', 'position 9: "!" is not a base64 character'],
    [
      'aGVsb',
      'position 5: the text ends with a single character after its last group of four; a character is missing or extra',
    ],
  ])('refuses %j naming the first bad position', async (base64, problem) => {
    expectError(
      await postJson(app, '/data/base64-decode', { base64 }),
      400,
      'VALIDATION_ERROR',
      `The base64 is invalid at ${problem}.`,
    );
  });

  it('refuses the other alphabet when url_safe says which', async () => {
    expectError(
      await postJson(app, '/data/base64-decode', { base64: 'a-_b', url_safe: false }),
      400,
      'VALIDATION_ERROR',
      'The base64 is invalid at position 2: "-" is not a base64 character (it belongs to the URL-safe alphabet; leave url_safe unset or true).',
    );
  });
});
