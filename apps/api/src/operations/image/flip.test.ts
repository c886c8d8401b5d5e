import { flipRequest } from '@toolkit/catalog';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  animation,
  decodeFrames,
  near,
  noise,
  orientedJpeg,
  pixel,
  quadrants,
} from '../../../test/helpers/images.js';
import { flipImage } from './flip.js';
import { defaultImageLimits as limits } from './limits.js';
import type { FlipDirection } from './options.js';

const flip = (data: Buffer, direction: FlipDirection, name = 'in.png') =>
  flipImage({ data, name }, flipRequest.parse({ direction }), limits);

/** Raw RGB(A) pixels and a reader of one of them. */
async function raw(image: Buffer) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels),
  ];
}

describe('flipImage', () => {
  it('mirrors every pixel exactly: horizontal, vertical and both', async () => {
    const input = await noise(9, 6);
    const source = await raw(input);
    const expectations: Record<FlipDirection, (x: number, y: number) => [number, number]> = {
      horizontal: (x, y) => [8 - x, y],
      vertical: (x, y) => [x, 5 - y],
      both: (x, y) => [8 - x, 5 - y],
    };
    for (const [direction, from] of Object.entries(expectations) as [
      FlipDirection,
      (x: number, y: number) => [number, number],
    ][]) {
      const out = await flip(input, direction);
      expect([out.width, out.height, out.format]).toEqual([9, 6, 'png']);
      const flipped = await raw(out.data);
      for (let y = 0; y < 6; y++) {
        for (let x = 0; x < 9; x++) {
          expect(flipped(x, y), `${direction} ${x},${y}`).toEqual(source(...from(x, y)));
        }
      }
    }
  });

  it('mirrors what is displayed, after the EXIF orientation', async () => {
    const displayed = await quadrants(64, 32);
    const out = await flip(await orientedJpeg(displayed, 6), 'horizontal', 'o6.jpg');
    expect([out.width, out.height]).toEqual([64, 32]);
    // The top-left (red) quadrant is now top-right.
    expect(near(await pixel(out.data, 48, 8), [255, 0, 0])).toBe(true);
    expect(near(await pixel(out.data, 16, 8), [0, 255, 0])).toBe(true);
  });

  for (const format of ['webp', 'gif'] as const) {
    it(`flips every frame of an animated ${format.toUpperCase()}, keeping the frame order`, async () => {
      const colours = ['#ff0000', '#00ff00', '#0000ff'];
      const input = await animation(format, colours, 40, 20);
      for (const [direction, at] of [
        ['horizontal', [30, 5]],
        ['vertical', [5, 15]],
        ['both', [30, 15]],
      ] as const) {
        const out = await flip(input, direction, `a.${format}`);
        expect([out.format, out.pages], direction).toEqual([format, 3]);
        const frames = await decodeFrames(out.data);
        for (let f = 0; f < 3; f++) {
          // The white square moved to the flipped quarter; the frame keeps its own colour.
          expect(near(frames.at(f, at[0], at[1]), [255, 255, 255, 255]), `${direction} frame ${f}`).toBe(
            true,
          );
          expect(near(frames.at(f, 5, 5), [255, 255, 255, 255]), `${direction} frame ${f}`).toBe(false);
          const own = [0, 1, 2].map((i) =>
            Number.parseInt(colours[f]?.slice(1 + i * 2, 3 + i * 2) ?? '', 16),
          );
          expect(
            near(frames.at(f, 40 - 1 - at[0], 20 - 1 - at[1]), [...own, 255]),
            `${direction} frame ${f}`,
          ).toBe(true);
        }
      }
    });
  }
});
