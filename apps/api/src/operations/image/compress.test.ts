import { readdirSync, readFileSync } from 'node:fs';
import { compressRequest } from '@toolkit/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { difference, noise } from '../../../test/helpers/images.js';
import { compressImage } from './compress.js';
import { defaultImageLimits as limits } from './limits.js';
import type { CompressOptions } from './options.js';

const defaults: CompressOptions = compressRequest.parse({});
const images = new URL('../../../../../fixtures/corpus/images/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, images));
const photos = readdirSync(images).filter((name) => name.startsWith('photo_'));
const compress = (data: Buffer, name: string, options: Partial<CompressOptions> = {}) =>
  compressImage({ data, name }, { ...defaults, ...options }, limits);

describe('compressImage', () => {
  it('finds the corpus photos (three JPEGs, one of them progressive, and a PNG)', () => {
    expect(photos.length).toBeGreaterThanOrEqual(4);
  });

  for (const name of photos) {
    it(`makes ${name} smaller at the default settings, in its own format and size`, {
      timeout: 120_000,
    }, async () => {
      const input = fixture(name);
      const out = await compress(input, name);
      expect(out.compressed).toBe(true);
      expect(out.data.length).toBeLessThan(input.length);
      const [before, after] = await Promise.all([sharp(input).metadata(), sharp(out.data).metadata()]);
      expect([after.format, after.width, after.height]).toEqual([before.format, before.width, before.height]);
      // Still the same picture: compare a reduced copy of both.
      const small = (image: Buffer) => sharp(image).resize(256, 256, { fit: 'fill' }).png().toBuffer();
      expect(await difference(await small(out.data), await small(input))).toBeLessThan(6);
    });
  }

  it('writes optimised progressive JPEG with the standard tables: smaller than a plain encode at the same quality', async () => {
    const photo = fixture('portrait_flow_720x1440.jpg');
    const plain = await sharp(photo).jpeg({ quality: 75 }).toBuffer();
    const out = await compress(photo, 'flow.jpg');
    expect(out.data.length).toBeLessThan(plain.length);
    expect((await sharp(out.data).metadata()).isProgressive).toBe(true);
    // The same quantisation as a plain encode at quality 75 and no trellis: the same pixels once
    // decoded (mozjpeg's own tables and trellis differ from them by 0.8 per channel here).
    expect(await difference(out.data, plain)).toBeLessThan(0.1);
  });

  it('quantises PNG to a palette unless lossless, which keeps every pixel', async () => {
    const cat = fixture('chelsea_cat_451x300.png');
    const lossy = await compress(cat, 'cat.png');
    expect((await sharp(lossy.data).metadata()).isPalette).toBe(true);
    expect(lossy.data.length).toBeLessThan(cat.length / 2);
    const lossless = await compress(cat, 'cat.png', { lossless: true });
    expect((await sharp(lossless.data).metadata()).isPalette).toBe(false);
    expect((await sharp(lossless.data).raw().toBuffer()).equals(await sharp(cat).raw().toBuffer())).toBe(
      true,
    );
    expect(lossless.data.length).toBeLessThan(cat.length);
  });

  it('writes another format when asked, lossless WebP keeping every pixel', async () => {
    const cat = fixture('chelsea_cat_451x300.png');
    const webp = await compress(cat, 'cat.png', { format: 'webp', lossless: true });
    expect([webp.format, webp.mimeType, webp.extension]).toEqual(['webp', 'image/webp', 'webp']);
    expect((await sharp(webp.data).raw().toBuffer()).equals(await sharp(cat).raw().toBuffer())).toBe(true);
    const avif = await compress(fixture('photo_freshflower_progressive_1600x1203.jpg'), 'f.jpg', {
      format: 'avif',
    });
    expect([avif.format, avif.compressed]).toEqual(['avif', true]);
  });

  it('returns the input itself when nothing smaller can be made', async () => {
    // Random pixels do not compress, and the file is already as small as PNG makes it.
    const random = await sharp(await noise(64, 64))
      .png({ compressionLevel: 9 })
      .toBuffer();
    const out = await compress(random, 'noise.png', { lossless: true });
    expect(out.compressed).toBe(false);
    expect(out.data).toBe(random);
    expect([out.format, out.mimeType, out.extension, out.width, out.height]).toEqual([
      'png',
      'image/png',
      'png',
      64,
      64,
    ]);
    const svg = fixture('svg_gdal-logo.svg');
    const logo = await compress(svg, 'logo.svg');
    expect([logo.compressed, logo.mimeType, logo.extension]).toEqual([false, 'image/svg+xml', 'svg']);
  });

  it('keeps a grey image grey: one channel, not three saying the same', async () => {
    const grey = fixture('grayscale_1band_2560x1600.jpg');
    const out = await compress(grey, 'grey.jpg');
    const meta = await sharp(out.data).metadata();
    expect([meta.channels, meta.space, out.compressed]).toEqual([1, 'b-w', true]);
    expect(out.data.length).toBeLessThan(grey.length);
  });

  it('keeps an animated GIF animated', async () => {
    const out = await compress(fixture('gif_animated_aero_350x189.gif'), 'aero.gif', { format: 'webp' });
    expect([out.format, out.pages, out.compressed]).toEqual(['webp', 56, true]);
  });
});
