import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animation,
  quadrantColours as c,
  near,
  orientedJpeg,
  pixel,
  quadrants,
} from '../../../test/helpers/images.js';
import { OperationError } from '../errors.js';
import { profileSpace } from './encode.js';
import { defaultImageLimits as limits } from './limits.js';
import {
  type FormatCheck,
  type ImageInput,
  openImage,
  type PreDecodeCheck,
  runPipeline,
  type StepContext,
} from './pipeline.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../fixtures/corpus/images/${name}`, import.meta.url));

async function failure(promise: Promise<unknown>): Promise<OperationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OperationError)) throw new Error(`expected an OperationError, got ${String(error)}`);
  return error;
}

describe('openImage', () => {
  it('runs the pre-decode checks in order with the probe, and a check can refuse the upload', async () => {
    const input: ImageInput = { data: await quadrants(40, 20), name: 'q.png' };
    const seen: string[] = [];
    const record: PreDecodeCheck = (given, probe) => {
      seen.push(`${given.name} ${probe.format} ${probe.width}x${probe.height}`);
    };
    const refuse: PreDecodeCheck = async () => {
      throw new OperationError('UNPROCESSABLE_FILE', 'Too costly to decode.');
    };
    const format: FormatCheck = (given, detected) => {
      seen.push(`${given.name} is ${detected}`);
    };
    const opened = await openImage(input, limits, { beforeHeader: [format], beforeDecode: [record] });
    expect(opened.probe.width).toBe(40);
    expect(seen).toEqual(['q.png is png', 'q.png png 40x20']);
    const error = await failure(
      openImage(input, limits, { beforeHeader: [], beforeDecode: [record, refuse, record] }),
    );
    expect([error.code, error.message, seen.length]).toEqual([
      'UNPROCESSABLE_FILE',
      'Too costly to decode.',
      3,
    ]);
    // Before the header: the format is known (a non-image is refused as such), nothing else is read.
    const refuseEarly: FormatCheck = () => {
      throw new OperationError('UNPROCESSABLE_FILE', 'Too costly to read.');
    };
    const early = { beforeHeader: [refuseEarly], beforeDecode: [] };
    expect((await failure(openImage({ data: Buffer.from('<svg'), name: 'x.svg' }, limits, early))).code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    expect((await failure(openImage({ data: svg, name: 'x.svg' }, limits, early))).message).toBe(
      'Too costly to read.',
    );
  });
});

describe('runPipeline', () => {
  it('runs the steps in order, each told the format and whether frames are kept', async () => {
    const source = await openImage({ data: await quadrants(40, 20), name: 'q.png' }, limits);
    const contexts: Pick<StepContext, 'format' | 'animated'>[] = [];
    const out = await runPipeline(source, {
      format: 'webp',
      steps: [
        (image, context) => {
          contexts.push({ format: context.format, animated: context.animated });
          return image.flop();
        },
        (image) => image.resize({ width: 20 }),
      ],
      encode: { quality: 100, keepMetadata: false, lossless: true },
    });
    expect([out.format, out.mimeType, out.extension, out.width, out.height]).toEqual([
      'webp',
      'image/webp',
      'webp',
      20,
      10,
    ]);
    expect(contexts).toEqual([{ format: 'webp', animated: false }]);
    expect(near(await pixel(out.data, 2, 2), c.topRight)).toBe(true);
  });

  it('shows every one of the eight EXIF orientations upright', async () => {
    const displayed = await quadrants(64, 32);
    for (let n = 1; n <= 8; n++) {
      const source = await openImage({ data: await orientedJpeg(displayed, n), name: `o${n}.jpg` }, limits);
      expect([source.probe.width, source.probe.height], `orientation ${n}`).toEqual([64, 32]);
      const out = await runPipeline(source, {
        format: 'png',
        steps: [],
        encode: { quality: 90, keepMetadata: true },
      });
      expect([out.width, out.height], `orientation ${n}`).toEqual([64, 32]);
      const seen = await Promise.all([
        pixel(out.data, 16, 8),
        pixel(out.data, 48, 8),
        pixel(out.data, 16, 24),
        pixel(out.data, 48, 24),
      ]);
      const expected = [c.topLeft, c.topRight, c.bottomLeft, c.bottomRight];
      expect(
        seen.every((colour, i) => near(colour, expected[i] ?? [])),
        `orientation ${n}: ${JSON.stringify(seen)}`,
      ).toBe(true);
      // The orientation is applied, so a kept EXIF block no longer carries it.
      expect((await sharp(out.data).metadata()).orientation ?? 1, `orientation ${n}`).toBe(1);
    }
  });

  it('keeps an animation where the format holds frames, else takes the first and says so', async () => {
    const source = await openImage(
      { data: await animation('gif', ['#f00', '#0f0', '#00f']), name: 'a.gif' },
      limits,
    );
    const encode = { quality: 90, keepMetadata: false };
    const webp = await runPipeline(source, { format: 'webp', steps: [], encode });
    expect([webp.pages, webp.firstFrameOnly]).toEqual([3, false]);
    const png = await runPipeline(source, { format: 'png', steps: [], encode });
    expect([png.pages, png.firstFrameOnly]).toEqual([1, true]);
    const first = await runPipeline(source, { format: 'gif', animation: 'first', steps: [], encode });
    expect([first.pages, first.firstFrameOnly]).toEqual([1, true]);
  });

  it('refuses an animation whose frames together exceed the pixel limit, before decoding', async () => {
    const source = await openImage(
      { data: fixture('gif_animated_aero_350x189.gif'), name: 'aero.gif' },
      { ...limits, maxInputPixels: 1_000_000 },
    );
    const error = await failure(
      runPipeline(source, { format: 'gif', steps: [], encode: { quality: 90, keepMetadata: false } }),
    );
    expect([error.code, error.message]).toEqual([
      'IMAGE_TOO_LARGE',
      'The animation has 56 frames of 350 × 189 pixels, more than the 1.0 megapixels we decode in total.',
    ]);
    // Its first frame alone is within the limit.
    const still = await runPipeline(source, {
      format: 'png',
      steps: [],
      encode: { quality: 90, keepMetadata: false },
    });
    expect(still.firstFrameOnly).toBe(true);
  });

  it('turns a libvips failure into an OperationError and lets a step refuse with its own', async () => {
    const png = await quadrants(300, 300);
    const broken = Buffer.from(png);
    broken.fill(0x41, 100, png.length - 20);
    const source = await openImage({ data: broken, name: 'b.png' }, limits);
    const error = await failure(
      runPipeline(source, { format: 'png', steps: [], encode: { quality: 90, keepMetadata: false } }),
    );
    expect([error.code, error.message]).toEqual([
      'UNPROCESSABLE_FILE',
      'The image could not be decoded: it looks corrupt or truncated.',
    ]);
    const good = await openImage({ data: png, name: 'q.png' }, limits);
    const own = new OperationError('VALIDATION_ERROR', 'No.', { field: 'angle' });
    const refused = await failure(
      runPipeline(good, {
        format: 'png',
        steps: [
          () => {
            throw own;
          },
        ],
        encode: { quality: 90, keepMetadata: false },
      }),
    );
    expect(refused).toBe(own);
  });

  it('strips metadata but keeps the colour profile, or keeps both when asked', async () => {
    const tagged = await sharp(fixture('chelsea_cat_451x300.png'))
      .keepIccProfile()
      .withExif({ IFD0: { Copyright: 'Chelsea' } })
      .png()
      .toBuffer();
    const cat = await openImage({ data: tagged, name: 'cat.png' }, limits);
    const before = await sharp(cat.input.data).metadata();
    expect([Boolean(before.exif), before.icc && profileSpace(before.icc)]).toEqual([true, 'RGB']);
    const encode = (keepMetadata: boolean) =>
      runPipeline(cat, { format: 'jpeg', steps: [], encode: { quality: 80, keepMetadata } });
    const stripped = await encode(false);
    const strippedMeta = await sharp(stripped.data).metadata();
    expect([
      Boolean(strippedMeta.exif),
      strippedMeta.icc?.equals(before.icc ?? Buffer.alloc(0)),
      stripped.colour,
    ]).toEqual([false, true, 'kept']);
    const kept = await sharp((await encode(true)).data).metadata();
    expect([Boolean(kept.exif), kept.icc?.equals(before.icc ?? Buffer.alloc(0))]).toEqual([true, true]);
  });
});
