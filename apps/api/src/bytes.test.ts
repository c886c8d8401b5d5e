import { describe, expect, it } from 'vitest';
import { bufferView } from './bytes.js';

describe('bufferView', () => {
  it('gives a Buffer over the same bytes of a part of a larger array, without a copy', () => {
    const whole = new Uint8Array([1, 2, 3, 4, 5]);
    const view = bufferView(whole.subarray(1, 4));
    expect(Buffer.isBuffer(view)).toBe(true);
    expect([...view]).toEqual([2, 3, 4]);
    whole[2] = 9;
    expect(view[1]).toBe(9);
    const buffer = Buffer.from('x');
    expect(bufferView(buffer)).toBe(buffer);
  });
});
