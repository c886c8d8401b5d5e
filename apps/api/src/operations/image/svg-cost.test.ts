import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/helpers/fixtures.js';
import {
  deepGroups,
  finePattern,
  hugeFilters,
  manyElements,
  nestedPatterns,
  nestedUse,
  selfReference,
} from '../../../test/helpers/hostile.js';
import { checkSvgRenderCost, svgRenderPixels } from './svg-cost.js';

const at = (width: number) => svgRenderPixels({ width: 100, height: 100 }, { width });
const refusal = (data: Buffer, pixels: number) => {
  try {
    checkSvgRenderCost(data, pixels);
    return undefined;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return [code, message];
  }
};

describe('SVG cost bounds', () => {
  it('let ordinary drawings through, at any size we produce', () => {
    const logo = fixture('images/svg_gdal-logo.svg');
    expect(refusal(logo, svgRenderPixels({ width: 572, height: 632 }, { width: 4096 }))).toBeUndefined();
    const shadow = hugeFilters(1, '<feGaussianBlur stdDeviation="2"/><feOffset dx="2" dy="2"/><feMerge/>');
    expect(refusal(shadow, at(1024))).toBeUndefined();
    // A coarse pattern (4 tiles) is cheap even at 4096 px; fine tiles are cheap at small sizes.
    expect(refusal(finePattern(50), at(4096))).toBeUndefined();
    expect(refusal(finePattern(), at(512))).toBeUndefined();
  });

  it('refuse what is costly at the size asked for with 413 and say what', () => {
    expect(refusal(finePattern(), at(4096))).toEqual([
      'IMAGE_TOO_LARGE',
      "The SVG's patterns would take too long to draw at 16.8 megapixels. Ask for a smaller size or simplify the file.",
    ]);
    expect(refusal(hugeFilters(1, '<feGaussianBlur stdDeviation="5"/>'), at(4096))?.[1]).toMatch(
      /^The SVG's filters /,
    );
    expect(refusal(hugeFilters(), at(100))?.[0]).toBe('IMAGE_TOO_LARGE');
    expect(refusal(nestedPatterns(), at(100))?.[0]).toBe('IMAGE_TOO_LARGE');
  });

  it('refuse a structure that is costly at any size with 422', () => {
    expect(refusal(nestedUse(), at(100))).toEqual([
      'UNPROCESSABLE_FILE',
      "The SVG's <use> and pattern references expand to about 322,222,224 elements; the most we draw is 100,000.",
    ]);
    expect(refusal(deepGroups(), at(100))).toEqual([
      'UNPROCESSABLE_FILE',
      'The SVG nests elements more than 128 deep, the most we draw.',
    ]);
    expect(refusal(manyElements(), at(100))).toEqual([
      'UNPROCESSABLE_FILE',
      'The SVG has more than 20,000 elements, the most we draw.',
    ]);
    expect(refusal(selfReference(), at(100))).toEqual([
      'UNPROCESSABLE_FILE',
      'The SVG refers to itself (a <use>, pattern or filter cycle), so it cannot be drawn.',
    ]);
  });
});
