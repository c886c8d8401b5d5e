import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, expectError, makeApp, postImage } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import {
  animation,
  blackPng,
  quadrantColours as c,
  decodeFrames,
  near,
  pixel,
  quadrants,
} from './helpers/images.js';

const turned = fixture('images/exif_orientation6_panasonic_640x428.jpg');

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe('POST /images/rotate', () => {
  it('turns clockwise for a positive angle, with the image headers', async () => {
    const input = await quadrants(40, 20);
    const res = await postImage(app, '/images/rotate', input, { angle: 90 }, 'q.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="q-rotate.png"');
    expect([res.headers['x-image-width'], res.headers['x-image-height']]).toEqual(['20', '40']);
    expect(res.headers['x-output-size']).toBe(String(res.rawPayload.length));
    expect(await pixel(res.rawPayload, 5, 5)).toEqual(c.bottomLeft);
    expect(await pixel(res.rawPayload, 15, 5)).toEqual(c.topLeft);
  });

  it('takes decimals and negative angles, growing the canvas with transparent or coloured corners', async () => {
    const input = await quadrants(100, 50);
    const clear = await postImage(app, '/images/rotate', input, { angle: '-12.5' }, 'q.png');
    expect(clear.statusCode).toBe(200);
    const meta = await decoded(clear.rawPayload);
    expect(meta.width).toBeGreaterThan(100);
    expect(meta.height).toBeGreaterThan(50);
    expect(await pixel(clear.rawPayload, 0, 0)).toEqual([0, 0, 0, 0]);
    const red = await postImage(
      app,
      '/images/rotate',
      input,
      { angle: 45, background: '#ff000080' },
      'q.png',
    );
    expect(await pixel(red.rawPayload, 0, 0)).toEqual([255, 0, 0, 128]);
  });

  it('applies the EXIF orientation first and fills JPEG corners with white', async () => {
    const res = await postImage(app, '/images/rotate', turned, { angle: 90 }, 'turned.jpg');
    expect([res.headers['x-image-width'], res.headers['x-image-height']]).toEqual(['640', '428']);
    const tilted = await postImage(app, '/images/rotate', turned, { angle: 20 }, 'turned.jpg');
    expect(tilted.headers['content-type']).toBe('image/jpeg');
    expect(near(await pixel(tilted.rawPayload, 1, 1), [255, 255, 255], 12)).toBe(true);
  });

  it('refuses an angle out of range or not a number, and a malformed colour, naming the field', async () => {
    const input = await quadrants(10, 10);
    for (const angle of ['361', '-360.5', 'ninety', '1e2', '']) {
      const res = await postImage(app, '/images/rotate', input, { angle }, 'q.png');
      const body = expectError(res, 400, 'VALIDATION_ERROR', /angle/) as { details?: { field: string }[] };
      expect(body.details?.[0]?.field, angle).toBe('angle');
    }
    for (const background of ['red', '#12345', '#ggg', '000000']) {
      const res = await postImage(app, '/images/rotate', input, { angle: 10, background }, 'q.png');
      expect(res.statusCode, background).toBe(400);
      expect((res.json() as { details: { field: string; message: string }[] }).details).toEqual([
        { field: 'background', message: 'background must be a hex colour such as #ffffff or #00000080.' },
      ]);
    }
  });

  it('refuses a corrupt image with 422 and a decompression bomb with 413 before decoding', async () => {
    const png = await quadrants(300, 300);
    const broken = Buffer.from(png);
    broken.fill(0x41, 100, png.length - 20);
    const corrupt = await postImage(app, '/images/rotate', broken, { angle: 30 }, 'b.png');
    expectError(
      corrupt,
      422,
      'UNPROCESSABLE_FILE',
      'The image could not be decoded: it looks corrupt or truncated.',
    );
    const bomb = await postImage(app, '/images/rotate', blackPng(20_000, 20_000), { angle: 30 }, 'bomb.png');
    expectError(bomb, 413, 'IMAGE_TOO_LARGE', /^The image is 20000 × 20000 pixels/);
  });
});

describe('POST /images/flip', () => {
  it('mirrors horizontally by default, flips vertically or both ways', async () => {
    const input = await quadrants(40, 20);
    const expected = {
      horizontal: [c.topRight, c.topLeft],
      vertical: [c.bottomLeft, c.bottomRight],
      both: [c.bottomRight, c.bottomLeft],
    };
    for (const [direction, [left, right]] of Object.entries(expected)) {
      const fields: Record<string, string> = direction === 'horizontal' ? {} : { direction };
      const res = await postImage(app, '/images/flip', input, fields, 'q.png');
      expect(res.statusCode, direction).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="q-flip.png"');
      expect(await pixel(res.rawPayload, 5, 5), direction).toEqual(left);
      expect(await pixel(res.rawPayload, 35, 5), direction).toEqual(right);
    }
  });

  it('flips every frame of an animated GIF and WebP, keeping the frames in order', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const input = await animation(format, ['#ff0000', '#00ff00', '#0000ff']);
      const res = await postImage(app, '/images/flip', input, { direction: 'vertical' }, `a.${format}`);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['x-animation']).toBeUndefined();
      const frames = await decodeFrames(res.rawPayload);
      expect(frames.frames.length).toBe(3);
      for (const [f, colour] of [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
      ].entries()) {
        expect(near(frames.at(f, 5, 15), [255, 255, 255, 255]), `${format} ${f}`).toBe(true);
        expect(near(frames.at(f, 5, 5), [...colour, 255]), `${format} ${f}`).toBe(true);
      }
    }
  });

  it('says when an animation became its first frame in another format', async () => {
    const input = await animation('gif', ['#ff0000', '#00ff00']);
    const res = await postImage(app, '/images/flip', input, { format: 'png' }, 'a.gif');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-animation']).toBe('first-frame');
    expect((await sharp(res.rawPayload).metadata()).pages ?? 1).toBe(1);
  });
});
