import { readFileSync } from 'node:fs';
import { combineRequest } from '@toolkit/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animation, near, pixel, solid } from '../../../test/helpers/images.js';
import { OperationError } from '../errors.js';
import { combineImages } from './combine.js';
import { defaultImageLimits as limits } from './limits.js';
import type { CombineOptions } from './options.js';
import type { ImageInput } from './pipeline.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../fixtures/corpus/images/${name}`, import.meta.url));
const base: CombineOptions = combineRequest.parse({ align: 'start' });
const flat = async (
  width: number,
  height: number,
  background: string,
  name = `${background}.png`,
): Promise<ImageInput> => ({
  data: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
  name,
});

async function failure(promise: Promise<unknown>): Promise<OperationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OperationError)) throw new Error(`expected an OperationError, got ${String(error)}`);
  return error;
}

describe('combineImages', () => {
  it('places images side by side with a gap and background, aligned in the row', async () => {
    const inputs = [await flat(40, 20, '#0000ff'), await flat(30, 40, '#00ff00')];
    const out = await combineImages(
      inputs,
      { ...base, gap: 10, align: 'center', background: '#ff0000' },
      limits,
    );
    expect([out.width, out.height, out.format]).toEqual([80, 40, 'png']);
    expect(await pixel(out.data, 20, 20)).toEqual([0, 0, 255, 255]);
    // Centred in a 40 px row: the 20 px high image leaves 10 px of background above it.
    expect(await pixel(out.data, 20, 5)).toEqual([255, 0, 0, 255]);
    expect(await pixel(out.data, 45, 20)).toEqual([255, 0, 0, 255]);
    expect(await pixel(out.data, 60, 1)).toEqual([0, 255, 0, 255]);
  });

  it('leaves the background transparent in PNG and WebP and white in JPEG, keeping alpha', async () => {
    const inputs = [
      { data: fixture('alpha_tree-cutout_312x500.png'), name: 'tree.png' },
      await flat(50, 50, '#0000ff'),
    ];
    for (const format of ['png', 'webp'] as const) {
      const out = await combineImages(inputs, { ...base, format, gap: 20 }, limits);
      expect([out.width, out.height], format).toEqual([382, 500]);
      expect((await pixel(out.data, 0, 0))[3], format).toBe(0);
      expect((await pixel(out.data, 320, 10))[3], format).toBe(0);
      expect(near(await pixel(out.data, 340, 10), [0, 0, 255, 255]), format).toBe(true);
    }
    const jpeg = await combineImages(inputs, { ...base, format: 'jpeg', gap: 20 }, limits);
    expect(near(await pixel(jpeg.data, 320, 10), [255, 255, 255], 8)).toBe(true);
    expect(near(await pixel(jpeg.data, 0, 0), [255, 255, 255], 8)).toBe(true);
  });

  it('stacks vertically and lays out grids, using each image as displayed (EXIF orientation)', async () => {
    const turned = { data: fixture('exif_orientation6_panasonic_640x428.jpg'), name: 'turned.jpg' };
    const square = await flat(100, 100, '#ff0000');
    const vertical = await combineImages(
      [turned, square],
      { ...base, direction: 'vertical', align: 'end' },
      limits,
    );
    expect([vertical.width, vertical.height]).toEqual([428, 740]);
    expect(await pixel(vertical.data, 427, 700)).toEqual([255, 0, 0, 255]);
    expect((await pixel(vertical.data, 0, 700))[3]).toBe(0);
    const five = await Promise.all(['#f00', '#0f0', '#00f', '#ff0', '#0ff'].map((c) => flat(20, 10, c)));
    const grid = await combineImages(five, { ...base, direction: 'grid', gap: 2 }, limits);
    // Three columns, two rows.
    expect([grid.width, grid.height]).toEqual([64, 22]);
    expect(await pixel(grid.data, 50, 5)).toEqual([0, 0, 255, 255]);
    expect(await pixel(grid.data, 30, 15)).toEqual([0, 255, 255, 255]);
    expect((await pixel(grid.data, 50, 15))[3]).toBe(0);
  });

  it('scales every input down by one factor so that no side exceeds 4096 px', async () => {
    const big = { data: await solid(3000, 2000, 'jpeg'), name: 'big.jpg' };
    const out = await combineImages([big, big, big], { ...base, gap: 100, format: 'jpeg' }, limits);
    expect(out.width).toBeLessThanOrEqual(4096);
    expect(out.width).toBeGreaterThan(4090);
    expect(out.height).toBe(Math.floor(2000 * ((4096 - 200) / 9000)));
  });

  it('takes the first frame of an animation and says so', async () => {
    const anim = { data: await animation('gif', ['#ff0000', '#00ff00']), name: 'a.gif' };
    const out = await combineImages([anim, await flat(40, 20, '#0000ff')], base, limits);
    expect([out.width, out.height, out.pages, out.firstFrameOnly]).toEqual([80, 20, 1, true]);
    expect(near(await pixel(out.data, 30, 15), [255, 0, 0, 255])).toBe(true);
  });

  it('names the bad image among good ones by position and file name', async () => {
    const good = await flat(20, 20, '#fff', 'good.png');
    const jpeg = await solid(200, 100, 'jpeg');
    const cut = { data: jpeg.subarray(0, jpeg.length - 200), name: 'cut.jpg' };
    const truncated = await failure(combineImages([good, cut, good], base, limits));
    expect([truncated.code, truncated.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'Image 2 of 3: The image "cut.jpg" could not be read: it looks corrupt or truncated.',
    ]);
    // A file whose header reads but whose pixels do not: the decode failure gets the name added.
    const png = await solid(300, 300, 'png');
    const broken = Buffer.from(png);
    broken.fill(0x41, 100, png.length - 20);
    const undecodable = await failure(
      combineImages([good, { data: broken, name: 'broken.png' }], base, limits),
    );
    expect([undecodable.code, undecodable.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'Image 2 of 2 ("broken.png"): The image could not be decoded: it looks corrupt or truncated.',
    ]);
    const text = { data: Buffer.from('just text, not a picture'), name: 'notes.txt' };
    const wrong = await failure(combineImages([good, good, text], base, limits));
    expect(wrong.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(wrong.message).toMatch(/^Image 3 of 3: The file "notes\.txt" is not an image/);
  });

  it('refuses fewer than 2 or more than 10 images, and too many pixels together', async () => {
    const one = await flat(10, 10, '#fff');
    for (const count of [0, 1, 11]) {
      const error = await failure(combineImages(Array(count).fill(one), base, limits));
      expect([error.code, error.field, error.message]).toEqual([
        'VALIDATION_ERROR',
        'images',
        `Upload between 2 and 10 images to combine (got ${count}).`,
      ]);
    }
    const big = await flat(100, 100, '#fff');
    const error = await failure(combineImages([big, big, big], base, { ...limits, maxInputPixels: 25_000 }));
    expect([error.code, error.message]).toEqual([
      'IMAGE_TOO_LARGE',
      'The 3 images have 0.0 megapixels together; the most we combine is 0.0 megapixels.',
    ]);
  });
});
