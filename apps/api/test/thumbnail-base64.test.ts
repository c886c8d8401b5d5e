import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, expectError, makeApp, postImage } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { pixel } from './helpers/images.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

/** A wide grey image with one small, busy, colourful patch near its right edge. */
async function subjectOnTheRight(): Promise<Buffer> {
  const noise = Buffer.alloc(60 * 60 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 256;
  return sharp({ create: { width: 600, height: 200, channels: 3, background: '#777777' } })
    .composite([{ input: noise, raw: { width: 60, height: 60, channels: 3 }, left: 520, top: 70 }])
    .removeAlpha()
    .png()
    .toBuffer();
}

describe('POST /images/thumbnail', () => {
  it.each([
    ['small', 150],
    ['medium', 300],
    ['large', 450],
  ] as const)('makes a %s square of %i px, cover-cropped', async (size, side) => {
    const res = await postImage(
      app,
      '/images/thumbnail',
      fixture('images/chelsea_cat_451x300.png'),
      { size },
      'cat.png',
    );
    expect(res.statusCode).toBe(200);
    const meta = await decoded(res.rawPayload);
    expect([meta.format, meta.width, meta.height]).toEqual(['png', side, side]);
    expect(res.headers['content-disposition']).toBe('attachment; filename="cat-thumbnail.png"');
    expect(res.headers['x-image-width']).toBe(String(side));
  });

  it('defaults to small and the centre, and crop=attention finds the subject', async () => {
    const image = await subjectOnTheRight();
    const centre = await postImage(app, '/images/thumbnail', image);
    expect((await decoded(centre.rawPayload)).width).toBe(150);
    // The centre crop of a 600×200 image shows only the flat grey middle.
    const centreRight = await pixel(centre.rawPayload, 140, 75);
    expect(centreRight).toEqual([119, 119, 119]);
    expect((await sharp(centre.rawPayload).stats()).channels[0]?.stdev).toBeLessThan(1);
    const attention = await postImage(app, '/images/thumbnail', image, { crop: 'attention' });
    expect((await decoded(attention.rawPayload)).width).toBe(150);
    // The busy patch is in this crop: it is no longer flat grey.
    expect((await sharp(attention.rawPayload).stats()).channels[0]?.stdev).toBeGreaterThan(10);
  });

  it('keeps an animation animated, even with an attention crop', async () => {
    const gif = fixture('images/gif_animated_aero_350x189.gif');
    for (const crop of ['centre', 'attention']) {
      const res = await postImage(app, '/images/thumbnail', gif, { size: 'small', crop });
      const meta = await sharp(res.rawPayload, { animated: true }).metadata();
      expect([meta.format, meta.width, meta.pageHeight]).toEqual(['gif', 150, 150]);
      expect(meta.pages).toBeGreaterThan(10);
    }
  });

  it('honours format, quality and orientation', async () => {
    const rotated = fixture('images/exif_orientation6_panasonic_640x428.jpg');
    const res = await postImage(app, '/images/thumbnail', rotated, {
      size: 'large',
      format: 'webp',
      quality: 50,
    });
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await decoded(res.rawPayload);
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 450, 450, undefined]);
  });

  it('rejects an unknown size with a sentence naming the field', async () => {
    const res = await postImage(app, '/images/thumbnail', fixture('images/chelsea_cat_451x300.png'), {
      size: 'huge',
    });
    const body = expectError(res, 400, 'VALIDATION_ERROR', 'size must be one of: small, medium, large.');
    expect(body.details).toEqual([{ field: 'size', message: 'size must be one of: small, medium, large.' }]);
  });
});

describe('POST /images/base64', () => {
  it('encodes the file itself with its detected type and displayed size', async () => {
    const png = fixture('bad/png_with_jpg_extension.jpg');
    const res = await postImage(app, '/images/base64', png, {}, 'wrong-name.jpg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Image successfully converted.');
    const { data } = body;
    expect(Buffer.from(data.base64, 'base64').equals(png)).toBe(true);
    expect(data.mimeType).toBe('image/png');
    expect(data.dataUri).toBe(`data:image/png;base64,${data.base64}`);
    expect(data.cssUrl).toBe(`url("${data.dataUri}")`);
    expect([data.bytes, data.width, data.height]).toEqual([png.length, 451, 300]);
    expect(Object.keys(data).sort()).toEqual([
      'base64',
      'bytes',
      'cssUrl',
      'dataUri',
      'height',
      'mimeType',
      'width',
    ]);
  });

  it('reports the size as displayed, after the EXIF orientation', async () => {
    const res = await postImage(
      app,
      '/images/base64',
      fixture('images/exif_orientation6_panasonic_640x428.jpg'),
    );
    const { data } = res.json();
    expect([data.mimeType, data.width, data.height]).toEqual(['image/jpeg', 428, 640]);
  });

  it('encodes SVG as image/svg+xml', async () => {
    const svg = fixture('images/svg_gdal-logo.svg');
    const { data } = (await postImage(app, '/images/base64', svg)).json();
    expect(data.mimeType).toBe('image/svg+xml');
    expect(Buffer.from(data.base64, 'base64').toString('utf8')).toBe(svg.toString('utf8'));
  });

  it('refuses a truncated image with 422', async () => {
    const res = await postImage(
      app,
      '/images/base64',
      fixture('bad/photo_truncated_half.jpg'),
      {},
      'half.jpg',
    );
    expectError(
      res,
      422,
      'UNPROCESSABLE_FILE',
      'The image could not be decoded: it looks corrupt or truncated.',
    );
  });
});
