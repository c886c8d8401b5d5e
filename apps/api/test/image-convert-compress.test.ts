import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, expectError, makeApp, postImage } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { animation, cmykJpeg, decodeFrames, halves, near, noise, pixel } from './helpers/images.js';

const tree = fixture('images/alpha_tree-cutout_312x500.png');
const aero = fixture('images/gif_animated_aero_350x189.gif');
const photo = fixture('images/photo_freshflower_progressive_1600x1203.jpg');

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe('POST /images/convert', () => {
  it('writes each format with its media type, extension and size', async () => {
    const types = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif', tiff: 'tiff' } as const;
    for (const [format, extension] of Object.entries(types)) {
      const res = await postImage(app, '/images/convert', tree, { format }, 'tree.png');
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="tree-convert.${extension}"`);
      const meta = await decoded(res.rawPayload);
      expect([meta.width, meta.height, meta.hasAlpha], format).toEqual([312, 500, format !== 'jpeg']);
    }
  });

  it('flattens transparency into JPEG on white or the background given', async () => {
    const white = await postImage(app, '/images/convert', tree, { format: 'jpeg' }, 'tree.png');
    expect(near(await pixel(white.rawPayload, 0, 0), [255, 255, 255], 6)).toBe(true);
    const black = await postImage(
      app,
      '/images/convert',
      tree,
      { format: 'jpeg', background: '#000' },
      'tree.png',
    );
    expect(near(await pixel(black.rawPayload, 0, 0), [0, 0, 0], 6)).toBe(true);
  });

  it('keeps an animated GIF animated as WebP and back; a still format takes frame one and says so', async () => {
    const webp = await postImage(app, '/images/convert', aero, { format: 'webp' }, 'aero.gif');
    expect(webp.headers['x-animation']).toBeUndefined();
    expect((await decodeFrames(webp.rawPayload)).frames.length).toBe(56);
    const back = await postImage(app, '/images/convert', webp.rawPayload, { format: 'gif' }, 'aero.webp');
    expect((await decodeFrames(back.rawPayload)).frames.length).toBe(56);
    const generated = await animation('webp', ['#ff0000', '#0000ff']);
    const png = await postImage(app, '/images/convert', generated, { format: 'png' }, 'a.webp');
    expect(png.headers['x-animation']).toBe('first-frame');
    expect(near(await pixel(png.rawPayload, 30, 15), [255, 0, 0, 255])).toBe(true);
  });

  it('gives CMYK and 16-bit inputs their colours in sRGB', async () => {
    // Pure sRGB blue lies outside the CMYK gamut: it comes back as the nearest printable blue.
    const input = await cmykJpeg(20, 20, '#0000ff');
    const cmyk = await postImage(app, '/images/convert', input, { format: 'png' }, 'c.jpg');
    const [r = 0, g = 0, b = 0] = await pixel(cmyk.rawPayload, 10, 10);
    expect(b > 2 * r && b > 2 * g, `${r},${g},${b}`).toBe(true);
    const viaProfile = [...(await sharp(input).toColourspace('srgb').raw().toBuffer()).subarray(0, 3)];
    expect(near([r, g, b], viaProfile, 6), `${r},${g},${b} against ${viaProfile}`).toBe(true);
    const sixteen = fixture('images/rgb16_chessboard_200x200.png');
    const jpeg = await postImage(app, '/images/convert', sixteen, { format: 'jpeg', quality: 95 }, 'c.png');
    const reference = await sharp(sixteen).toColourspace('srgb').raw().toBuffer();
    const out = await sharp(jpeg.rawPayload).raw().toBuffer();
    expect(Math.abs((out[0] ?? 0) - (reference[0] ?? 0))).toBeLessThan(8);
  });

  it('refuses an unknown format and a missing one, naming the field', async () => {
    const unknown = await postImage(app, '/images/convert', tree, { format: 'bmp' }, 'tree.png');
    expectError(unknown, 400, 'VALIDATION_ERROR', /format/);
    const missing = await postImage(app, '/images/convert', tree, {}, 'tree.png');
    const body = expectError(missing, 400, 'VALIDATION_ERROR', /format/) as { details: { field: string }[] };
    expect(body.details[0]?.field).toBe('format');
  });
});

describe('POST /images/compress', () => {
  it('makes a photo smaller at the defaults, with both sizes in headers', async () => {
    const res = await postImage(app, '/images/compress', photo, {}, 'flower.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-compression']).toBeUndefined();
    expect(res.headers['x-original-size']).toBe(String(photo.length));
    expect(Number(res.headers['x-output-size'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(photo.length);
    expect(res.headers['content-disposition']).toBe('attachment; filename="flower-compress.jpg"');
  });

  it('sends corpus photos back smaller at the defaults', {
    timeout: 180_000,
  }, async () => {
    for (const name of [
      'photo_after-the-rain_pentaxk7_3000x1993.jpg',
      'photo_drop_pentaxk7_exif_2000x1333.png',
    ]) {
      const input = fixture(`images/${name}`);
      const res = await postImage(app, '/images/compress', input, {}, name);
      expect(res.statusCode, name).toBe(200);
      expect(res.rawPayload.length, name).toBeLessThan(input.length);
    }
  });

  it('never sends back more bytes than it got: the input itself with X-Compression: none', async () => {
    const random = await sharp(await noise(48, 48))
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await postImage(app, '/images/compress', random, { lossless: true }, 'noise.png');
    expect(res.headers['x-compression']).toBe('none');
    expect(res.rawPayload.equals(random)).toBe(true);
    expect(res.headers['x-output-size']).toBe(String(random.length));
  });

  it('quantises PNG to a palette unless lossless, and converts to another format when asked', async () => {
    const cat = fixture('images/chelsea_cat_451x300.png');
    const lossy = await postImage(app, '/images/compress', cat, {}, 'cat.png');
    expect((await decoded(lossy.rawPayload)).isPalette).toBe(true);
    const lossless = await postImage(app, '/images/compress', cat, { lossless: 'true' }, 'cat.png');
    expect(
      (await sharp(lossless.rawPayload).raw().toBuffer()).equals(await sharp(cat).raw().toBuffer()),
    ).toBe(true);
    const webp = await postImage(app, '/images/compress', cat, { format: 'webp', quality: 50 }, 'cat.png');
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('keeps the colour profile, sRGB or not, with or without keep_metadata (the contract: profiles are kept)', async () => {
    // "sRGB IEC61966-2.1", 3,144 bytes.
    const cat = fixture('images/chelsea_cat_451x300.png');
    const catProfile = (await decoded(cat)).icc;
    for (const keep of ['false', 'true']) {
      const res = await postImage(
        app,
        '/images/compress',
        cat,
        { lossless: 'true', keep_metadata: keep },
        'cat.png',
      );
      expect((await decoded(res.rawPayload)).icc?.equals(catProfile ?? Buffer.alloc(0)), keep).toBe(true);
      // Lossless, and read through the same profile: the very same pixels.
      const pixels = await sharp(res.rawPayload).raw().toBuffer();
      expect(pixels.equals(await sharp(cat).raw().toBuffer()), keep).toBe(true);
    }

    // Display P3 says something: its pixels would be read as other colours without it.
    const p3 = await sharp(await halves(64, 64))
      .withIccProfile('p3')
      .png({ compressionLevel: 0 })
      .toBuffer();
    const p3Profile = (await decoded(p3)).icc;
    const wide = await postImage(app, '/images/compress', p3, {}, 'p3.png');
    expect(wide.headers['x-compression']).toBeUndefined();
    expect((await decoded(wide.rawPayload)).icc?.equals(p3Profile ?? Buffer.alloc(0))).toBe(true);
  });

  it('refuses a quality out of range and an unknown format', async () => {
    expectError(
      await postImage(app, '/images/compress', photo, { quality: 0 }, 'f.jpg'),
      400,
      'VALIDATION_ERROR',
      /quality/,
    );
    expectError(
      await postImage(app, '/images/compress', photo, { format: 'gif' }, 'f.jpg'),
      400,
      'VALIDATION_ERROR',
      /format/,
    );
  });
});
