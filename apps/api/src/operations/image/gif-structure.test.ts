import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gifIsTruncated } from './gif-structure.js';

const corpus = new URL('../../../../../fixtures/corpus/images/', import.meta.url);
const animated = readFileSync(new URL('gif_animated_aero_350x189.gif', corpus));
const still = readFileSync(new URL('gif_static_earth.gif', corpus));

describe('gifIsTruncated', () => {
  it('passes whole GIFs, still and animated', () => {
    expect(gifIsTruncated(animated)).toBe(false);
    expect(gifIsTruncated(still)).toBe(false);
  });

  it('finds an animation cut off anywhere inside its blocks', () => {
    for (const fraction of [0.001, 0.3, 0.6, 0.9, 0.999]) {
      expect(
        gifIsTruncated(animated.subarray(0, Math.floor(animated.length * fraction))),
        `${fraction}`,
      ).toBe(true);
    }
  });

  it('passes a file that ends between blocks without its trailer byte', () => {
    expect(animated.at(-1)).toBe(0x3b);
    expect(gifIsTruncated(animated.subarray(0, -1))).toBe(false);
  });
});
