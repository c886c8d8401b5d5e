import { readFileSync } from 'node:fs';
import { convertRequest } from '@toolkit/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animation, cmykJpeg, decodeFrames, difference, near, pixel } from '../../../test/helpers/images.js';
import { convertImage } from './convert.js';
import { profileSpace } from './encode.js';
import { defaultImageLimits as limits } from './limits.js';
import type { ConvertFormat } from './options.js';

const corpus = (name: string) =>
  readFileSync(new URL(`../../../../../fixtures/corpus/images/${name}`, import.meta.url));
const convert = (data: Buffer, format: ConvertFormat, name: string, background?: string) =>
  convertImage({ data, name }, convertRequest.parse({ format, background }), limits);

describe('convertImage', () => {
  it('writes every format, with the same size and transparency where the format holds it', async () => {
    const tree = corpus('alpha_tree-cutout_312x500.png');
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as const) {
      const out = await convert(tree, format, 'tree.png');
      const meta = await sharp(out.data).metadata();
      expect([out.format, out.width, out.height, out.firstFrameOnly], format).toEqual([
        format,
        312,
        500,
        false,
      ]);
      expect(meta.format === 'heif' ? 'avif' : meta.format, format).toBe(format);
      expect([meta.width, meta.height], format).toEqual([312, 500]);
      expect(meta.hasAlpha, format).toBe(format !== 'jpeg');
    }
  });

  it('flattens transparency into JPEG on white, or on the background given', async () => {
    const tree = corpus('alpha_tree-cutout_312x500.png');
    expect((await pixel(tree, 0, 0))[3]).toBe(0);
    expect(near(await pixel((await convert(tree, 'jpeg', 'tree.png')).data, 0, 0), [255, 255, 255], 6)).toBe(
      true,
    );
    const red = await convert(tree, 'jpeg', 'tree.png', '#ff0000');
    expect(near(await pixel(red.data, 0, 0), [255, 0, 0], 6)).toBe(true);
  });

  it('keeps an animated GIF animated as WebP and back, and takes the first frame into JPEG or PNG', async () => {
    const aero = corpus('gif_animated_aero_350x189.gif');
    const webp = await convert(aero, 'webp', 'aero.gif');
    expect([webp.pages, webp.firstFrameOnly]).toEqual([56, false]);
    expect((await sharp(webp.data).metadata()).pages).toBe(56);
    const generated = await animation('webp', ['#ff0000', '#00ff00', '#0000ff']);
    const gif = await convert(generated, 'gif', 'a.webp');
    const frames = await decodeFrames(gif.data);
    expect(frames.frames.length).toBe(3);
    expect(
      [0, 1, 2].map((f) =>
        near(
          frames.at(f, 30, 15),
          [
            [255, 0, 0],
            [0, 255, 0],
            [0, 0, 255],
          ][f] ?? [],
        ),
      ),
    ).toEqual([true, true, true]);
    expect((await sharp(gif.data).metadata()).delay).toEqual([100, 100, 100]);
    for (const format of ['jpeg', 'png'] as const) {
      const still = await convert(generated, format, 'a.webp');
      expect([still.pages, still.firstFrameOnly], format).toEqual([1, true]);
      expect(near(await pixel(still.data, 30, 15), [255, 0, 0]), format).toBe(true);
    }
    expect((await convert(corpus('gif_static_earth.gif'), 'png', 'earth.gif')).firstFrameOnly).toBe(false);
  });

  it('turns CMYK into sRGB with the right colours and says so', async () => {
    const cmyk = await cmykJpeg(32, 32, '#ff0000');
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const out = await convert(cmyk, format, 'print.jpg');
      const meta = await sharp(out.data).metadata();
      expect([meta.space, meta.channels, out.colour], format).toEqual(['srgb', 3, 'converted-to-srgb']);
      expect(meta.icc && profileSpace(meta.icc), format).toBe('RGB');
      const [r = 0, g = 0, b = 0] = await pixel(out.data, 16, 16);
      expect(r > 200 && g < 40 && b < 40, `${format}: ${r},${g},${b}`).toBe(true);
    }
  });

  it('writes 16-bit inputs with their colours (PNG and TIFF, RGB and grey)', async () => {
    for (const name of ['rgb16_chessboard_200x200.png', 'tiff_gray16_bigendian.tif']) {
      const input = corpus(name);
      for (const format of ['jpeg', 'png', 'webp'] as const) {
        const out = await convert(input, format, name);
        expect(await difference(out.data, input), `${name} → ${format}`).toBeLessThan(3);
      }
    }
  });

  it('keeps an RGB colour profile where the format embeds one, and converts to sRGB where not', async () => {
    const tagged = corpus('icc_profile_48x48.jpeg');
    const original = await sharp(tagged).metadata();
    expect(original.icc && profileSpace(original.icc)).toBe('RGB');
    const webp = await convert(tagged, 'webp', 'icc.jpeg');
    expect(webp.colour).toBe('kept');
    expect((await sharp(webp.data).metadata()).icc?.equals(original.icc ?? Buffer.alloc(0))).toBe(true);
    const gif = await convert(tagged, 'gif', 'icc.jpeg');
    expect(gif.colour).toBe('converted-to-srgb');
    // The GIF's pixels are the input's colours in sRGB (as libvips renders the profile), not its raw values.
    const inSrgb = await sharp(tagged).toColourspace('srgb').png().toBuffer();
    expect(await difference(gif.data, inSrgb)).toBeLessThan(8);
    expect(
      await difference(
        gif.data,
        await sharp(tagged).png({ palette: false }).withIccProfile('srgb').toBuffer(),
      ),
    ).toBeLessThan(8);
  });
});
