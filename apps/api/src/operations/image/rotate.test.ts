import { rotateRequest } from '@toolkit/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animation,
  quadrantColours as c,
  decodeFrames,
  near,
  noise,
  orientedJpeg,
  pixel,
  quadrants,
} from '../../../test/helpers/images.js';
import { defaultImageLimits as limits } from './limits.js';
import { fitForRotation, normaliseAngle, rotatedCanvas, rotateImage } from './rotate.js';

const rotate = (data: Buffer, angle: number, background?: string, name = 'in.png') =>
  rotateImage({ data, name }, rotateRequest.parse({ angle, background }), limits);

/** The colours at the centres of the four quadrants of an image: TL, TR, BL, BR. */
async function corners(image: Buffer): Promise<number[][]> {
  const { width, height } = await sharp(image).metadata();
  const [x1, x2, y1, y2] = [width / 4, (3 * width) / 4, height / 4, (3 * height) / 4].map(Math.floor);
  return Promise.all([
    pixel(image, x1 ?? 0, y1 ?? 0),
    pixel(image, x2 ?? 0, y1 ?? 0),
    pixel(image, x1 ?? 0, y2 ?? 0),
    pixel(image, x2 ?? 0, y2 ?? 0),
  ]);
}

describe('normaliseAngle', () => {
  it('maps every angle to one turn of 0 up to 360', () => {
    expect([0, 90, -90, 360, -360, 450.5, -0.5, -0].map(normaliseAngle)).toEqual([
      0, 90, 270, 0, 0, 90.5, 359.5, 0,
    ]);
  });
});

describe('rotateImage', () => {
  it('turns clockwise for a positive angle and counter-clockwise for a negative one', async () => {
    const input = await quadrants(40, 20);
    const cw = await rotate(input, 90);
    expect([cw.width, cw.height, cw.format]).toEqual([20, 40, 'png']);
    // Clockwise: the left edge becomes the top edge.
    expect(await corners(cw.data)).toEqual([c.bottomLeft, c.topLeft, c.bottomRight, c.topRight]);
    const ccw = await rotate(input, -90);
    expect(await corners(ccw.data)).toEqual([c.topRight, c.bottomRight, c.topLeft, c.bottomLeft]);
    expect((await rotate(input, 270)).data.equals(ccw.data)).toBe(true);
  });

  it('moves pixels without resampling on quarter turns (PNG is identical to the turned pixels)', async () => {
    const input = await noise(7, 5);
    const half = await rotate(input, 180);
    const expected = await sharp(input).flip().flop().raw().toBuffer();
    expect((await sharp(half.data).raw().toBuffer()).equals(expected)).toBe(true);
    for (const angle of [0, 360, -360]) {
      const same = await rotate(input, angle);
      expect(
        (await sharp(same.data).raw().toBuffer()).equals(await sharp(input).raw().toBuffer()),
        `${angle}`,
      ).toBe(true);
    }
  });

  it('grows the canvas for any other angle; new corners are transparent where the format has alpha', async () => {
    const input = await quadrants(40, 20);
    const out = await rotate(input, 45);
    const side = Math.round((40 + 20) * Math.SQRT1_2);
    expect(Math.abs(out.width - side)).toBeLessThanOrEqual(1);
    expect(Math.abs(out.height - side)).toBeLessThanOrEqual(1);
    expect(await pixel(out.data, 0, 0)).toEqual([0, 0, 0, 0]);
    // The centre keeps the picture: the centre of a quadrants image is where four colours meet,
    // so look a little inside the top-left quadrant, which after 45° clockwise lies above the centre.
    const inside = await pixel(out.data, Math.floor(out.width / 2), Math.floor(out.height / 2) - 6);
    expect(near(inside, [...c.topLeft, 255])).toBe(true);
  });

  it('takes decimals: half a degree grows the canvas by a pixel or so', async () => {
    const out = await rotate(await quadrants(400, 200), 0.5);
    // 400 cos 0.5° + 200 sin 0.5° = 401.7; 400 sin 0.5° + 200 cos 0.5° = 203.5.
    expect(out.width).toBeGreaterThanOrEqual(401);
    expect(out.width).toBeLessThanOrEqual(403);
    expect(out.height).toBeGreaterThanOrEqual(203);
    expect(out.height).toBeLessThanOrEqual(205);
    expect((await pixel(out.data, 0, 0))[3]).toBe(0);
  });

  it('fills the corners with any CSS hex background, alpha included', async () => {
    const input = await quadrants(40, 20);
    const cases: [string, number[]][] = [
      // An opaque colour on an opaque picture needs no alpha channel.
      ['#f00', [255, 0, 0]],
      ['#00ff0080', [0, 255, 0, 128]],
      ['#0000ff', [0, 0, 255]],
      ['#fff8', [255, 255, 255, 136]],
    ];
    for (const [background, expected] of cases) {
      const out = await rotate(input, 30, background);
      expect(await pixel(out.data, 0, 0), background).toEqual(expected);
    }
  });

  it('fills the corners with white for JPEG, or the background made opaque', async () => {
    const input = await sharp(await quadrants(80, 40))
      .jpeg({ quality: 95 })
      .toBuffer();
    const white = await rotate(input, 30, undefined, 'in.jpg');
    expect(white.format).toBe('jpeg');
    expect(near(await pixel(white.data, 0, 0), [255, 255, 255], 12)).toBe(true);
    const black = await rotate(input, -30, '#00000080', 'in.jpg');
    expect(near(await pixel(black.data, 0, 0), [0, 0, 0], 12)).toBe(true);
  });

  it('applies each of the eight EXIF orientations before turning', async () => {
    const displayed = await quadrants(64, 32);
    for (let n = 1; n <= 8; n++) {
      const out = await rotate(await orientedJpeg(displayed, n), 90, undefined, `o${n}.jpg`);
      expect([out.width, out.height], `orientation ${n}`).toEqual([32, 64]);
      const seen = await corners(out.data);
      const expected = [c.bottomLeft, c.topLeft, c.bottomRight, c.topRight];
      expect(
        seen.every((colour, i) => near(colour, expected[i] ?? [])),
        `orientation ${n}: ${JSON.stringify(seen)}`,
      ).toBe(true);
    }
  });

  it('turns every frame of an animation, by quarter turns and by any angle', async () => {
    const input = await animation('webp', ['#ff0000', '#00ff00', '#0000ff'], 40, 20);
    const quarter = await rotate(input, 90, undefined, 'a.webp');
    const frames = await decodeFrames(quarter.data);
    expect([frames.frames.length, frames.width, frames.height]).toEqual([3, 20, 40]);
    // The white square in each frame's top-left quarter is now in its top-right quarter.
    for (let f = 0; f < 3; f++) {
      expect(near(frames.at(f, 15, 5), [255, 255, 255, 255]), `frame ${f}`).toBe(true);
      expect(near(frames.at(f, 5, 5), [255, 255, 255, 255]), `frame ${f}`).toBe(false);
    }
    expect(near(frames.at(1, 5, 35), [0, 255, 0, 255])).toBe(true);
    // A half turn keeps the frames in order (libvips alone would turn the strip of frames over).
    const half = await decodeFrames((await rotate(input, 180, undefined, 'a.webp')).data);
    const expected = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
    ];
    expect([0, 1, 2].every((f) => near(half.at(f, 5, 5), expected[f] ?? []))).toBe(true);
    expect(near(half.at(0, 30, 15), [255, 255, 255, 255])).toBe(true);
    const tilted = await rotate(input, 20, undefined, 'a.webp');
    const tiltedFrames = await decodeFrames(tilted.data);
    expect(tiltedFrames.frames.length).toBe(3);
    expect(tiltedFrames.at(2, 0, 0)[3]).toBe(0);
    expect((await sharp(tilted.data).metadata()).delay).toEqual([100, 100, 100]);
  });
});

describe('fitForRotation', () => {
  it('leaves a picture whose turned canvas fits, and scales one that would not to the side limit', () => {
    expect(fitForRotation(3840, 2160, 90, 4096)).toBeUndefined();
    expect(fitForRotation(1000, 1000, 45, 4096)).toBeUndefined();
    const fitted = fitForRotation(3840, 2160, 45, 4096);
    expect(fitted).toBeDefined();
    const canvas = rotatedCanvas(fitted?.width ?? 0, fitted?.height ?? 0, 45);
    expect(Math.max(canvas.width, canvas.height)).toBeLessThanOrEqual(4096);
    expect(Math.max(canvas.width, canvas.height)).toBeGreaterThanOrEqual(4090);
    expect(rotatedCanvas(3840, 2160, 45)).toEqual({ width: 4243, height: 4243 });
  });
});
