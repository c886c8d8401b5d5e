import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, INVALID_SIZE_MESSAGE, sizeOptions, validateSize } from './thumbnail-sizes';

describe('thumbnail sizes', () => {
  it('offer Small (150x150), Medium (300x300) and Large (450x450), Small by default', () => {
    expect(sizeOptions).toEqual([
      { value: 'small', label: 'Small (150x150)', px: 150 },
      { value: 'medium', label: 'Medium (300x300)', px: 300 },
      { value: 'large', label: 'Large (450x450)', px: 450 },
    ]);
    expect(DEFAULT_SIZE).toBe('small');
  });

  it("accept small, medium or large only, else 'Please select a valid size'", () => {
    expect(INVALID_SIZE_MESSAGE).toBe('Please select a valid size');
    for (const size of ['small', 'medium', 'large']) expect(validateSize(size)).toBeNull();
    for (const size of ['', 'huge', 'Small', undefined, 'toString']) {
      expect(validateSize(size), String(size)).toBe(INVALID_SIZE_MESSAGE);
    }
  });
});
