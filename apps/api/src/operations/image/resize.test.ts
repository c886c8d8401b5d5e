import { describe, expect, it } from 'vitest';
import { OperationError } from '../errors.js';
import type { ResizeOptions } from './options.js';
import type { ImageProbe } from './probe.js';
import { planResize } from './resize.js';

const probe: ImageProbe = {
  format: 'jpeg',
  width: 400,
  height: 100,
  pages: 1,
  hasAlpha: false,
  isPalette: false,
  bytes: 1,
};
const base: ResizeOptions = { maintain_aspect: true, quality: 85, keep_metadata: false };

describe('planResize', () => {
  it('fits inside the box with both sides, or fills it without maintain_aspect', () => {
    expect(planResize({ ...base, width: 50, height: 50 }, probe, 4096)).toEqual({
      fit: 'inside',
      width: 50,
      height: 50,
    });
    expect(planResize({ ...base, width: 50, height: 50, maintain_aspect: false }, probe, 4096)).toEqual({
      fit: 'fill',
      width: 50,
      height: 50,
    });
  });

  it('lets one side follow the other', () => {
    expect(planResize({ ...base, width: 200 }, probe, 4096)).toEqual({ fit: 'inside', width: 200 });
    expect(planResize({ ...base, height: 20, maintain_aspect: false }, probe, 4096)).toEqual({
      fit: 'inside',
      height: 20,
    });
  });

  it('turns size into a centred square thumbnail', () => {
    expect(planResize({ ...base, size: 'large', width: 9 }, probe, 4096)).toEqual({
      fit: 'cover',
      size: 450,
      position: 'centre',
    });
  });

  it('refuses a side that only follows from the aspect ratio, naming the field it follows from', () => {
    expect(planResize({ ...base, width: 3000 }, probe, 4096)).toEqual({ fit: 'inside', width: 3000 });
    const error = (() => {
      try {
        planResize({ ...base, height: 1100 }, probe, 4096);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(OperationError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'height',
      message: 'At height 1100 px this image would be 4400 px wide. The largest side allowed is 4096 px.',
      detail: 'height must be at most 4096 (got 1100).',
    });
  });
});
