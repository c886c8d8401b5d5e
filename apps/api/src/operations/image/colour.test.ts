import { describe, expect, it } from 'vitest';
import { opaque, parseHexColour } from './colour.js';

describe('parseHexColour', () => {
  it('reads the four CSS hex forms, alpha as 0–1', () => {
    expect(parseHexColour('#f00')).toEqual({ r: 255, g: 0, b: 0, alpha: 1 });
    expect(parseHexColour('#0f08')).toEqual({ r: 0, g: 255, b: 0, alpha: 136 / 255 });
    expect(parseHexColour('#1a2B3c')).toEqual({ r: 26, g: 43, b: 60, alpha: 1 });
    expect(parseHexColour('#00000000')).toEqual({ r: 0, g: 0, b: 0, alpha: 0 });
    expect(opaque(parseHexColour('#ffffff80'))).toEqual({ r: 255, g: 255, b: 255, alpha: 1 });
  });
});
