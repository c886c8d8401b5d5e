import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { type FormPart, form } from './helpers/form.js';
import { blackPng, pixel } from './helpers/images.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const flat = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function combine(
  target: FastifyInstance,
  images: { name: string; data: Buffer }[],
  fields: Record<string, string | number> = {},
) {
  const parts: FormPart[] = [
    ...images.map((image) => ({ name: 'images', filename: image.name, data: image.data })),
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  ];
  const { payload, headers } = form(parts);
  return target.inject({ method: 'POST', url: '/api/v1/images/combine', payload, headers });
}

describe('POST /images/combine', () => {
  it('puts images side by side as PNG by default, with the gap, alignment and background asked for', async () => {
    const images = [
      { name: 'blue.png', data: await flat(40, 20, '#0000ff') },
      { name: 'green.png', data: await flat(30, 40, '#00ff00') },
    ];
    const res = await combine(app, images, { gap: 10, align: 'end', background: '#ff0000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="blue-combine.png"');
    expect([res.headers['x-image-width'], res.headers['x-image-height']]).toEqual(['80', '40']);
    expect(res.headers['x-original-size']).toBe(
      String(images.reduce((sum, image) => sum + image.data.length, 0)),
    );
    expect(await pixel(res.rawPayload, 5, 5)).toEqual([255, 0, 0, 255]);
    expect(await pixel(res.rawPayload, 5, 35)).toEqual([0, 0, 255, 255]);
    expect(await pixel(res.rawPayload, 45, 5)).toEqual([255, 0, 0, 255]);
    expect(await pixel(res.rawPayload, 60, 5)).toEqual([0, 255, 0, 255]);
  });

  it('keeps alpha in PNG, makes grids, and scales large inputs to fit 4096 px', async () => {
    const tree = { name: 'tree.png', data: fixture('images/alpha_tree-cutout_312x500.png') };
    const clear = await combine(app, [tree, tree], { direction: 'grid' });
    expect([clear.headers['x-image-width'], clear.headers['x-image-height']]).toEqual(['624', '500']);
    expect((await pixel(clear.rawPayload, 0, 0))[3]).toBe(0);
    const wide = { name: 'wide.png', data: await flat(3000, 100, '#123456') };
    const big = await combine(app, [wide, wide], { format: 'jpeg' });
    expect(big.headers['content-type']).toBe('image/jpeg');
    expect(Number(big.headers['x-image-width'])).toBe(4096);
    expect(Number(big.headers['x-image-height'])).toBe(Math.floor(100 * (4096 / 6000)));
  });

  it('refuses 1 image (too few) and 11 images (too many: the tool takes 2–10) with 400', async () => {
    const one = { name: 'one.png', data: await flat(10, 10, '#fff') };
    expectError(
      await combine(app, [one]),
      400,
      'MISSING_FILE',
      'Upload at least 2 files as multipart/form-data in the field "images".',
    );
    expectError(
      await combine(app, Array(11).fill(one)),
      400,
      'VALIDATION_ERROR',
      'Upload at most 10 files in the field "images"; this form has more.',
    );
  });

  it('names the bad image among good ones', async () => {
    const good = { name: 'good.png', data: await flat(20, 20, '#fff') };
    const text = { name: 'notes.txt', data: Buffer.from('just some words, not a picture at all') };
    const res = await combine(app, [good, text, good]);
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /^Image 2 of 3: The file "notes\.txt"/);
    const bomb = { name: 'bomb.png', data: blackPng(20_000, 20_000) };
    expectError(await combine(app, [good, good, bomb]), 413, 'IMAGE_TOO_LARGE', /^Image 3 of 3/);
  });

  it('refuses images whose pixels together exceed the limit', async () => {
    const small = await makeApp({ IMAGE_MAX_INPUT_PIXELS: '50000' });
    try {
      const part = { name: 'p.png', data: await flat(150, 150, '#fff') };
      const res = await combine(small, [part, part, part]);
      expectError(res, 413, 'IMAGE_TOO_LARGE', /^The 3 images have 0\.1 megapixels together/);
    } finally {
      await small.close();
    }
  });
});
