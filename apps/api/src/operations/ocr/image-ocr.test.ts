import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { needsTesseract, slots, tesseract } from '../../../test/helpers/ocr-engines.js';
import type { OcrEngine } from './engine.js';
import { imageToText } from './image-ocr.js';
import { croppedScans, firstParagraphs, roomyLimits, wordAccuracy } from './test-support.js';

/** An engine that must not be reached: the refusals come before any work. */
const unreachable: OcrEngine = {
  name: 'unreachable',
  languages: () => ['eng'],
  recognize: () => Promise.reject(new Error('the engine was called')),
};

const blank = (format: 'png' | 'gif', width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .toFormat(format)
    .toBuffer();

describe('refusals before any work', () => {
  it('a format that is not a scan (GIF) is 415, naming the formats read', async () => {
    await expect(
      imageToText(await blank('gif'), 'eng', { engine: unreachable, slots }, roomyLimits),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringContaining('PNG, JPEG'),
    });
  });

  it.each([
    ['a page over the pixel limit, before it is decoded', { maxInputPixels: 5_000_000 }, '3000×2000'],
    ['an image that would take longer than the time limit', { timeoutMs: 2000 }, 'time limit of 2 s'],
  ])('%s is 413 saying why', async (_, limits, why) => {
    const image = await blank('png', 3000, 2000);
    await expect(
      imageToText(image, 'eng', { engine: unreachable, slots }, { ...roomyLimits, ...limits }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining(why) });
  });

  it('a damaged file is 422', async () => {
    const png = await blank('png');
    await expect(
      imageToText(png.subarray(0, 60), 'eng', { engine: unreachable, slots }, roomyLimits),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_FILE' });
  });
});

describe.skipIf(!tesseract)(`images to text ${needsTesseract}`, { timeout: 300_000 }, () => {
  const services = () => {
    if (!tesseract) throw new Error('unreachable: skipped without tesseract');
    return { engine: tesseract, slots };
  };
  const truths = firstParagraphs;
  let scans: Buffer[] = [];

  beforeAll(async () => {
    scans = await croppedScans(truths);
  }, 120_000);

  it('reads every page of a multi-page TIFF, one by one, in order', async () => {
    const tiff = await sharp(scans, { join: { animated: true } })
      .tiff({ compression: 'lzw' })
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);
    const progress: number[] = [];
    const result = await imageToText(tiff, 'eng', services(), {
      ...roomyLimits,
      onPage: (done) => progress.push(done),
    });
    expect(result.pages.map((page) => page.number)).toEqual([1, 2]);
    expect(progress).toEqual([1, 2]);
    result.pages.forEach((page, index) => {
      expect(wordAccuracy(page.text, truths[index] ?? '')).toBeGreaterThanOrEqual(0.98);
    });
    expect(result.text).toBe(result.pages.map((page) => page.text).join('\n\n'));
  });

  it('reads black text on a transparent background (laid on white, not black on black)', async () => {
    const grey = await sharp(scans[0]).greyscale().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = grey.info;
    // Ink where the page is dark, nothing where it is white; the colour is black everywhere.
    const rgba = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = 255 - (grey.data[i] ?? 255);
    const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const { text } = await imageToText(png, 'eng', services(), roomyLimits);
    expect(wordAccuracy(text, truths[0] ?? '')).toBeGreaterThanOrEqual(0.98);
  });

  it('reads a WebP, and a JPEG turned by its EXIF orientation', async () => {
    const webp = await sharp(scans[1]).webp({ quality: 80 }).toBuffer();
    expect(
      wordAccuracy((await imageToText(webp, 'eng', services(), roomyLimits)).text, truths[1] ?? ''),
    ).toBeGreaterThanOrEqual(0.98);

    // Stored on its side with Orientation 6 ("turn 90° clockwise to show"), as phones write it.
    const sideways = await sharp(scans[1])
      .rotate(-90)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { text } = await imageToText(sideways, 'eng', services(), roomyLimits);
    expect(wordAccuracy(text, truths[1] ?? '')).toBeGreaterThanOrEqual(0.98);
  });

  it('stops the engine when the request is cancelled', async () => {
    const controller = new AbortController();
    const run = imageToText(scans[0] ?? Buffer.alloc(0), 'eng', services(), {
      ...roomyLimits,
      signal: controller.signal,
    });
    controller.abort();
    await expect(run).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
