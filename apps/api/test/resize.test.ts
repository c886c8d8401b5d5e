import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoded, expectError, makeApp, postImage } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';
import { difference, halves, pixel } from './helpers/images.js';

const cat = fixture('images/chelsea_cat_451x300.png');
const rotated = fixture('images/exif_orientation6_panasonic_640x428.jpg');
const animated = fixture('images/gif_animated_aero_350x189.gif');

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe('POST /images/resize', () => {
  it('fits inside the box by default, keeping the format and sending the result headers', async () => {
    const res = await postImage(app, '/images/resize', cat, { width: 200, height: 200 }, 'chelsea cat.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await decoded(res.rawPayload);
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 200, 133]);
    expect(res.headers['x-image-width']).toBe('200');
    expect(res.headers['x-image-height']).toBe('133');
    expect(res.headers['x-original-size']).toBe(String(cat.length));
    expect(res.headers['x-output-size']).toBe(String(res.rawPayload.length));
    expect(res.headers['content-disposition']).toBe('attachment; filename="chelsea-cat-resize.png"');
    expect(res.headers['server-timing']).toMatch(/^queue;dur=[\d.]+, upload;dur=[\d.]+, process;dur=[\d.]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('makes exactly width × height without maintain_aspect', async () => {
    const res = await postImage(app, '/images/resize', cat, {
      width: 200,
      height: 200,
      maintain_aspect: false,
    });
    const meta = await decoded(res.rawPayload);
    expect([meta.width, meta.height]).toEqual([200, 200]);
  });

  it('lets the other side follow the aspect ratio when one side is given, enlarging too', async () => {
    const byWidth = await decoded((await postImage(app, '/images/resize', cat, { width: 902 })).rawPayload);
    expect([byWidth.width, byWidth.height]).toEqual([902, 600]);
    const byHeight = await decoded((await postImage(app, '/images/resize', cat, { height: 100 })).rawPayload);
    expect([byHeight.width, byHeight.height]).toEqual([150, 100]);
    const oneSideNoAspect = await postImage(app, '/images/resize', cat, {
      width: 100,
      maintain_aspect: false,
    });
    const meta = await decoded(oneSideNoAspect.rawPayload);
    expect([meta.width, meta.height]).toEqual([100, 67]);
  });

  it('keeps the picture where it was: pixels of a red|blue image stay red|blue', async () => {
    const res = await postImage(app, '/images/resize', await halves(400, 200), { width: 100 });
    expect((await pixel(res.rawPayload, 10, 25)).slice(0, 3)).toEqual([255, 0, 0]);
    expect((await pixel(res.rawPayload, 90, 25)).slice(0, 3)).toEqual([0, 0, 255]);
  });

  it('makes a square thumbnail when size is given, ignoring width and height', async () => {
    const res = await postImage(app, '/images/resize', cat, { size: 'medium', width: 40 });
    const meta = await decoded(res.rawPayload);
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it.each([
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
    ['jpeg', 'image/jpeg'],
  ] as const)('writes format=%s', async (format, type) => {
    const res = await postImage(app, '/images/resize', cat, { width: 120, format }, 'cat.png');
    expect(res.headers['content-type']).toBe(type);
    const meta = await decoded(res.rawPayload);
    expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
    expect(meta.width).toBe(120);
    expect(res.headers['content-disposition']).toContain(`cat-resize.${format === 'jpeg' ? 'jpg' : format}`);
  });

  it('encodes smaller at a lower quality', async () => {
    const photo = fixture('images/photo_freshflower_progressive_1600x1203.jpg');
    const low = await postImage(app, '/images/resize', photo, { width: 800, quality: 10 });
    const high = await postImage(app, '/images/resize', photo, { width: 800, quality: 95 });
    expect((await decoded(low.rawPayload)).width).toBe(800);
    expect(low.rawPayload.length * 3).toBeLessThan(high.rawPayload.length);
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    const res = await postImage(app, '/images/resize', rotated, { width: 214 });
    const meta = await decoded(res.rawPayload);
    expect([meta.width, meta.height]).toEqual([214, 320]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const upright = await sharp(rotated).autoOrient().resize(214).jpeg().toBuffer();
    const wrongWay = await sharp(rotated).rotate(270).resize(214).jpeg().toBuffer();
    expect(await difference(res.rawPayload, upright)).toBeLessThan(6);
    expect(await difference(res.rawPayload, wrongWay)).toBeGreaterThan(20);
  });

  it('keeps the metadata when asked, with the orientation reset to upright', async () => {
    const res = await postImage(app, '/images/resize', rotated, { width: 214, keep_metadata: true });
    const meta = await decoded(res.rawPayload);
    expect([meta.width, meta.height]).toEqual([214, 320]);
    expect(meta.exif).toBeDefined();
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('keeps the colour profile', async () => {
    const icc = fixture('images/icc_profile_48x48.jpeg');
    const source = await decoded(icc);
    for (const format of ['jpeg', 'webp', 'png']) {
      const res = await postImage(app, '/images/resize', icc, { width: 24, format });
      const meta = await decoded(res.rawPayload);
      expect(meta.icc?.equals(source.icc ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('keeps transparency in PNG and flattens it onto white in JPEG', async () => {
    const tree = fixture('images/alpha_tree-cutout_312x500.png');
    const png = await postImage(app, '/images/resize', tree, { width: 156 });
    const pngMeta = await decoded(png.rawPayload);
    expect([pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual([156, 250, true]);
    expect((await pixel(png.rawPayload, 0, 0))[3]).toBe(0);
    const jpeg = await postImage(app, '/images/resize', tree, { width: 156, format: 'jpeg' });
    const corner = await pixel(jpeg.rawPayload, 0, 0);
    expect(corner.every((v) => v > 245)).toBe(true);
  });

  it('keeps an animated GIF animated, as GIF or WebP, and takes one frame for PNG', async () => {
    const gif = await postImage(app, '/images/resize', animated, { width: 175 });
    expect(gif.headers['content-type']).toBe('image/gif');
    const gifMeta = await sharp(gif.rawPayload, { animated: true }).metadata();
    expect(gifMeta.pages).toBeGreaterThan(10);
    // 189 × 175/350 = 94.5: libvips rounds each frame down.
    expect([gifMeta.width, gifMeta.pageHeight]).toEqual([175, 94]);
    expect(gif.headers['x-image-height']).toBe('94');

    const webp = await postImage(app, '/images/resize', animated, { width: 175, format: 'webp' });
    const webpMeta = await sharp(webp.rawPayload).metadata();
    expect([webpMeta.format, webpMeta.pages]).toEqual(['webp', 56]);

    const png = await postImage(app, '/images/resize', animated, { width: 175, format: 'png' });
    const pngMeta = await decoded(png.rawPayload);
    expect([pngMeta.format, pngMeta.pages ?? 1, pngMeta.width]).toEqual(['png', 1, 175]);
  });

  it('writes inputs it cannot write back (SVG) as PNG, and other formats as themselves', async () => {
    const svg = await postImage(app, '/images/resize', fixture('images/svg_gdal-logo.svg'), { width: 143 });
    expect(svg.headers['content-type']).toBe('image/png');
    expect((await decoded(svg.rawPayload)).width).toBe(143);
    const tiff = await postImage(app, '/images/resize', fixture('images/tiff_gray16_bigendian.tif'), {
      width: 50,
    });
    expect(tiff.headers['content-type']).toBe('image/tiff');
    expect((await decoded(tiff.rawPayload)).height).toBe(50);
    const webp = await postImage(app, '/images/resize', fixture('images/webp_lossless_sample.webp'), {
      height: 84,
    });
    expect((await decoded(webp.rawPayload)).width).toBe(46);
  });

  it('uses the first file of the image field and ignores unknown and empty fields', async () => {
    const second = await halves(40, 40);
    const { payload, headers } = form([
      { name: 'image', filename: 'first.png', data: cat },
      { name: 'image', filename: 'second.png', data: second },
      { name: 'width', value: '90' },
      { name: 'height', value: '' },
      { name: 'quality', value: '   ' },
      { name: 'colour', value: 'purple' },
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/v1/images/resize', payload, headers });
    expect(res.statusCode).toBe(200);
    const meta = await decoded(res.rawPayload);
    expect([meta.width, meta.height]).toEqual([90, 60]);
    expect(res.headers['content-disposition']).toContain('first-resize.png');
  });

  it('takes the text "null" (what FormData sends for null) as "use the default"', async () => {
    const res = await postImage(app, '/images/resize', cat, { width: 'null', height: 60, quality: ' null ' });
    expect(res.statusCode).toBe(200);
    const meta = await decoded(res.rawPayload);
    expect([meta.width, meta.height]).toEqual([90, 60]);
  });

  it('detects the format from the bytes, not the name', async () => {
    const res = await postImage(
      app,
      '/images/resize',
      fixture('bad/png_with_jpg_extension.jpg'),
      { width: 45 },
      'x.jpg',
    );
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('x-resize.png');
  });

  it('refuses a side that would only follow from the aspect ratio beyond 4096 px', async () => {
    const tall = await sharp({ create: { width: 10, height: 2000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await postImage(app, '/images/resize', tall, { width: 100 });
    const body = expectError(
      res,
      400,
      'VALIDATION_ERROR',
      'At width 100 px this image would be 20000 px high. The largest side allowed is 4096 px.',
    );
    expect(body.details).toEqual([{ field: 'width', message: 'width must be at most 4096 (got 100).' }]);
  });

  it('refuses an Illustrator SVG whose doctype declares entities with 422 (the contract)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0" encoding="utf-8"?>\n' +
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n' +
        '\t<!ENTITY ns_flows "http://ns.adobe.com/Flows/1.0/">\n]>\n' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="red"/></svg>',
    );
    const res = await postImage(app, '/images/resize', svg, { width: 50 }, 'ai.svg');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE_FILE' });
  });

  it('never loads files or URLs an SVG refers to', async () => {
    const cat = new URL('../../../fixtures/corpus/images/chelsea_cat_451x300.png', import.meta.url).href;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">' +
        `<image width="40" height="40" xlink:href="${cat}"/><image width="40" height="40" href="http://127.0.0.1:9/x.png"/></svg>`,
    );
    const res = await postImage(app, '/images/resize', svg, { width: 40 }, 'refs.svg');
    expect(res.statusCode).toBe(200);
    const stats = await sharp(res.rawPayload).stats();
    expect(stats.channels.map((c) => c.max)).toEqual([0, 0, 0, 0]);
  });
});
