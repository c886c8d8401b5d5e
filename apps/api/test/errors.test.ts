import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, expectError, makeApp, postImage } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form, imageForm } from './helpers/form.js';
import { blackPng } from './helpers/images.js';

/* Error cases of the input: each with its status, code and sentence. */

const cat = fixture('images/chelsea_cat_451x300.png');
const noImage = 'No image was uploaded. Send it as multipart/form-data in the field "image".';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe('missing image: 400 MISSING_FILE', () => {
  it('when the form has no image', async () => {
    const { payload, headers } = form([{ name: 'width', value: '100' }]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/resize', payload, headers });
    expectError(res, 400, 'MISSING_FILE', noImage);
  });

  it('when the file input was left empty (an empty part with no name)', async () => {
    const { payload, headers } = form([{ name: 'image', filename: '', data: Buffer.alloc(0) }]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/base64', payload, headers });
    expectError(res, 400, 'MISSING_FILE', noImage);
  });

  it('when the body is JSON instead of a form', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/resize', payload: { width: 100 } });
    expectError(res, 400, 'MISSING_FILE', noImage);
  });

  it('when the uploaded file is empty', async () => {
    const res = await postImage(app, '/images/resize', fixture('bad/empty.png'), { width: 10 }, 'empty.png');
    expectError(res, 400, 'MISSING_FILE', 'The uploaded file "empty.png" is empty.');
  });
});

describe('not an image: 415 UNSUPPORTED_MEDIA_TYPE', () => {
  it('for text named .png', async () => {
    const res = await postImage(
      app,
      '/images/resize',
      fixture('bad/text_with_png_extension.png'),
      { width: 10 },
      'a.png',
    );
    expectError(
      res,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The file "a.png" is not an image we recognise. Upload a JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG image.',
    );
  });

  it('for a compressed SVG, named by what it really is', async () => {
    const res = await postImage(
      app,
      '/images/thumbnail',
      fixture('bad/svg-too-many-elements.svgz'),
      {},
      'b.svgz',
    );
    expectError(
      res,
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The file "b.svgz" is a GZ file (application/gzip). Upload a JPEG, PNG, WebP, GIF, AVIF, TIFF or SVG image.',
    );
  });

  it.each(['application/octet-stream', 'text/plain', 'application/json'])(
    'a %s body to an image route gets the same answer as no file at all',
    async (type) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/images/resize',
        payload: type === 'application/json' ? '{"width": ' : cat,
        headers: { 'content-type': type },
      });
      expectError(
        res,
        400,
        'MISSING_FILE',
        'No image was uploaded. Send it as multipart/form-data in the field "image".',
      );
    },
  );
});

describe('corrupt or truncated image: 422 UNPROCESSABLE_FILE', () => {
  it('when the pixel data stops half way', async () => {
    const res = await postImage(app, '/images/resize', fixture('bad/photo_truncated_half.jpg'), {
      width: 100,
    });
    expectError(
      res,
      422,
      'UNPROCESSABLE_FILE',
      'The image could not be decoded: it looks corrupt or truncated.',
    );
  });

  it('when an animated GIF is cut off, on every route that reads it (not a shorter animation)', async () => {
    const gif = fixture('images/gif_animated_aero_350x189.gif');
    const cut = gif.subarray(0, Math.floor(gif.length * 0.3));
    for (const path of ['/images/resize', '/images/thumbnail', '/images/base64']) {
      const res = await postImage(
        app,
        path,
        cut,
        path === '/images/resize' ? { width: 100 } : {},
        'aero.gif',
      );
      expectError(
        res,
        422,
        'UNPROCESSABLE_FILE',
        'The image "aero.gif" could not be read: it looks corrupt or truncated.',
      );
    }
    // The whole file still resizes, every frame kept.
    const whole = await postImage(app, '/images/resize', gif, { width: 100 }, 'aero.gif');
    expect(whole.statusCode).toBe(200);
    expect((await decoded(whole.rawPayload)).pages).toBe(56);
  });

  it('when even the header is broken', async () => {
    const res = await postImage(app, '/images/thumbnail', fixture('bad/truncated_skimage.jpg'), {}, 't.jpg');
    expectError(
      res,
      422,
      'UNPROCESSABLE_FILE',
      'The image "t.jpg" could not be read: it looks corrupt or truncated.',
    );
  });
});

describe('an image sent as a text part (no filename)', () => {
  it.each([
    ['short', 'not a file'],
    ['longer than a text field may be', 'x'.repeat(100 * 1024)],
  ])('is a 400 MISSING_FILE that says how to send it (%s)', async (_, value) => {
    const { payload, headers } = form([{ name: 'image', value }]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/resize', payload, headers });
    expectError(
      res,
      400,
      'MISSING_FILE',
      'The field "image" was sent as text, not as a file. Send it as a file part (with a filename), e.g. curl -F "image=@photo.jpg".',
    );
  });
});

describe('file parts', () => {
  it('keep only the name of a file name sent with a path, and take an octet-stream part without one as a file', async () => {
    const withPath = form([
      { name: 'image', filename: 'C:\\Users\\me\\Photos\\cat.png', data: cat, type: 'image/png' },
      { name: 'width', value: '8' },
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/resize', ...withPath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="cat-resize');
    expect((await decoded(res.rawPayload)).width).toBe(8);
    // The download name above would drop the path anyway; a message naming the file shows the parser's.
    const small = await makeApp({ IMAGE_MAX_UPLOAD_BYTES: '100000' });
    const over = await small.inject({ method: 'POST', url: '/api/v1/images/resize', ...withPath });
    expectError(over, 413, 'PAYLOAD_TOO_LARGE', 'The file "cat.png" is larger than the 0.1 MB allowed.');
    await small.close();

    const boundary = 'xBoundary43';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      cat,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="width"\r\n\r\n9\r\n--${boundary}--\r\n`,
      ),
    ]);
    const bare = await app.inject({
      method: 'POST',
      url: '/api/v1/images/resize',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(bare.statusCode).toBe(200);
    expect((await decoded(bare.rawPayload)).width).toBe(9);
  });
});

describe('reserved field names', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'are ignored like any unknown field (%s)',
    async (name) => {
      const { payload, headers } = form([
        { name: 'image', filename: 'cat.png', data: cat },
        { name, value: '1' },
        { name: 'width', value: '7' },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/v1/images/resize', payload, headers });
      expect(res.statusCode).toBe(200);
      expect((await decoded(res.rawPayload)).width).toBe(7);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});

describe('invalid fields: 400 VALIDATION_ERROR with details', () => {
  it('lists every bad field with a sentence', async () => {
    const res = await postImage(app, '/images/resize', cat, {
      width: 0,
      height: 5000,
      quality: 101,
      format: 'bmp',
      maintain_aspect: 'maybe',
    });
    const body = expectError(
      res,
      400,
      'VALIDATION_ERROR',
      'width must be a whole number between 1 and 4096. height must be a whole number between 1 and 4096. ' +
        'maintain_aspect must be true or false. quality must be a whole number between 1 and 100. ' +
        'format must be one of: jpeg, png, webp, avif.',
    );
    expect(body.details).toEqual([
      { field: 'width', message: 'width must be a whole number between 1 and 4096.' },
      { field: 'height', message: 'height must be a whole number between 1 and 4096.' },
      { field: 'maintain_aspect', message: 'maintain_aspect must be true or false.' },
      { field: 'quality', message: 'quality must be a whole number between 1 and 100.' },
      { field: 'format', message: 'format must be one of: jpeg, png, webp, avif.' },
    ]);
  });

  it('asks for one of width, height or size', async () => {
    const res = await postImage(app, '/images/resize', cat, { quality: 80 });
    const body = expectError(res, 400, 'VALIDATION_ERROR', 'Give at least one of width, height or size.');
    expect(body.details).toEqual([
      { field: 'width', message: 'Give at least one of width, height or size.' },
    ]);
  });
});

describe('too large: 413', () => {
  it('refuses an announced oversized upload before reading it', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 1);
    const res = await postImage(app, '/images/resize', big, { width: 10 }, 'big.jpg');
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', 'The upload is 12.0 MB; at most 10.0 MB per file is allowed.');
  });

  it('cuts off a file that passes the limit while streaming', async () => {
    // Just over 10 MB: within the form allowance, so only the streaming limit can catch it.
    const big = Buffer.concat([cat, Buffer.alloc(10 * 1024 * 1024 - cat.length + 1)]);
    const res = await postImage(app, '/images/resize', big, { width: 10 }, 'big.png');
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', 'The file "big.png" is larger than the 10 MB allowed.');
  });

  it.each([
    [
      'bad/pixel-bomb_25200x33300.png',
      'The image is 25200 × 33300 pixels (839 megapixels); the largest we decode is 50 megapixels.',
    ],
    [
      'bad/pixel-bomb_64250x64250_1KB.jpg',
      'The image is 64250 × 64250 pixels (4128 megapixels); the largest we decode is 50 megapixels.',
    ],
  ])('refuses the decompression bomb %s before decoding it', async (file, message) => {
    const res = await postImage(app, '/images/resize', fixture(file), { width: 100 });
    expectError(res, 413, 'IMAGE_TOO_LARGE', message);
  });

  it('refuses a valid 20000 × 20000 PNG of about 50 KB before decoding it', async () => {
    const bomb = blackPng(20000, 20000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    // It is a real image, not just a header: the same bytes decode at a small size.
    const small = await sharp(blackPng(200, 200)).raw().toBuffer({ resolveWithObject: true });
    expect(small.info).toMatchObject({ width: 200, height: 200 });
    expect(small.data.every((value) => value === 0)).toBe(true);
    const message =
      'The image is 20000 × 20000 pixels (400 megapixels); the largest we decode is 50 megapixels.';
    const resized = await postImage(app, '/images/resize', bomb, { width: 100 }, 'bomb.png');
    expectError(resized, 413, 'IMAGE_TOO_LARGE', message);
    for (const path of ['/images/thumbnail', '/images/base64']) {
      expectError(await postImage(app, path, bomb, {}, 'bomb.png'), 413, 'IMAGE_TOO_LARGE', message);
    }
  });

  it('refuses a body of unknown length that outgrows the form, even outside any part', async () => {
    const small = await makeApp({ IMAGE_MAX_UPLOAD_BYTES: '1000' });
    const { payload, headers } = imageForm(cat.subarray(0, 500), { width: 10 });
    const { 'content-length': _length, ...chunked } = headers;
    // Two megabytes before the first boundary: a parser skips them, the limit still counts them.
    const preamble = Buffer.alloc(2 * 1024 * 1024, 'x');
    const res = await small.inject({
      method: 'POST',
      url: '/api/v1/images/resize',
      payload: Readable.from([preamble, payload]),
      headers: chunked,
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', 'The upload is larger than the 1 MB this tool reads.');
    await small.close();
  });

  it('refuses too many files and over-long fields', async () => {
    const strict = await makeApp({
      MULTIPART_MAX_FILES: '2',
      MULTIPART_MAX_FIELDS: '3',
      MULTIPART_MAX_FIELD_BYTES: '16',
    });
    const files = form(['a', 'b', 'c'].map((n) => ({ name: 'image', filename: `${n}.png`, data: cat })));
    const many = await strict.inject({ method: 'POST', url: '/api/v1/images/resize', ...files });
    expectError(many, 413, 'PAYLOAD_TOO_LARGE', 'The form has more than 2 files.');
    const fields = await postImage(strict, '/images/resize', cat, { a: '1', b: '2', c: '3', d: '4' });
    expectError(fields, 413, 'PAYLOAD_TOO_LARGE', 'The form has more than 3 fields.');
    const long = await postImage(strict, '/images/resize', cat, { width: '1'.repeat(40) });
    expectError(long, 413, 'PAYLOAD_TOO_LARGE', 'The field "width" is longer than the 16 bytes allowed.');
    await strict.close();
  });
});

describe('malformed requests: 400 MALFORMED_REQUEST', () => {
  const post = (payload: Buffer, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/images/resize', payload, headers });
  const expectMalformed = (res: Awaited<ReturnType<typeof post>>) =>
    expectError(
      res,
      400,
      'MALFORMED_REQUEST',
      'The multipart form could not be read: it is malformed or was cut off.',
    );

  it.each([
    ['in the middle of the file', () => 5000],
    ['inside the headers of a part', (body: string) => body.indexOf('Content-Type') + 5],
    ['right after a boundary line', (body: string) => body.indexOf('\r\n') + 2],
  ])('when the body is cut off %s', async (_, cutAt) => {
    const { payload, headers } = imageForm(cat, { width: 10 });
    const cut = payload.subarray(0, cutAt(payload.toString('latin1')));
    expectMalformed(await post(cut, { ...headers, 'content-length': String(cut.length) }));
  });

  it("reads a part's filename*= that is not valid percent-encoding leniently: the upload works, the download name is ASCII", async () => {
    const boundary = 'xBoundary42';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename*=UTF-8''cat%E0%A4%A.png\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      cat,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="width"\r\n\r\n9\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await post(payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBe(200);
    expect((await decoded(res.rawPayload)).width).toBe(9);
    expect(res.headers['content-disposition']).toBe('attachment; filename="catA-resize.png"');
  });

  it('when the multipart boundary is missing', async () => {
    expectMalformed(await post(Buffer.from('whatever'), { 'content-type': 'multipart/form-data' }));
  });
});
