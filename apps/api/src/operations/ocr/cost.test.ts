import { describe, expect, it } from 'vitest';
import { checkOcrCost, maxPageSide, ocrCost, planPages } from './cost.js';
import { checkLanguages, cleanRecognisedText, type OcrEngine } from './engine.js';

const limits = { timeoutMs: 30_000, megapixelsPerSecond: 2, maxPagePixels: 40_000_000 };
const letter = (number: number) => ({ number, widthPt: 612, heightPt: 792 });

const engineWith = (languages: string[]): OcrEngine => ({
  name: 'stand-in',
  languages: () => languages,
  recognize: async () => '',
});

describe('the cost of OCR, before any work', () => {
  it('renders a Letter page at 300 DPI: 2550 × 3300 pixels', () => {
    expect(planPages([letter(1)], limits)).toEqual([{ number: 1, dpi: 300, width: 2550, height: 3300 }]);
  });

  it('renders a poster at the resolution that fits the page-pixel limit, never above it', () => {
    const [plan] = planPages([{ number: 1, widthPt: 14_400, heightPt: 14_400 }], limits);
    expect(plan?.dpi).toBeLessThan(300);
    expect((plan?.width ?? 0) * (plan?.height ?? 0)).toBeLessThanOrEqual(limits.maxPagePixels);
  });

  it('keeps a very long strip within the side the engine accepts', () => {
    const [plan] = planPages([{ number: 1, widthPt: 14_400, heightPt: 20 }], limits);
    expect(plan?.width).toBeLessThanOrEqual(maxPageSide);
  });

  it('refuses a 400-page scan over a 30 s limit with 413 naming the limit, the pages and the pixels', () => {
    const cost = ocrCost(
      planPages(
        Array.from({ length: 400 }, (_, i) => letter(i + 1)),
        limits,
      ),
      limits,
    );
    expect(cost.pages).toBe(400);
    expect(cost.pixels).toBe(400 * 2550 * 3300);
    expect(() => checkOcrCost(cost, limits, 'Ask for fewer pages.')).toThrow(
      expect.objectContaining({
        code: 'PAYLOAD_TOO_LARGE',
        message: expect.stringMatching(
          /400 pages \(3,366 megapixels\).*time limit of 30 s\. Ask for fewer pages\./,
        ),
      }),
    );
  });

  it('lets the same scan run as a job with two hours', () => {
    const cost = ocrCost(planPages([letter(1)], limits), limits);
    expect(() =>
      checkOcrCost(
        { ...cost, pages: 400, pixels: cost.pixels * 400 },
        { ...limits, timeoutMs: 7_200_000 },
        '',
      ),
    ).not.toThrow();
  });

  it('lets one page through within the limit', () => {
    expect(() => checkOcrCost(ocrCost([{ width: 2550, height: 3300 }], limits), limits, '')).not.toThrow();
  });
});

describe('languages', () => {
  const engine = engineWith(['deu', 'eng', 'fra']);

  it('defaults to English and accepts installed combinations, once each', () => {
    expect(checkLanguages(undefined, engine)).toBe('eng');
    expect(checkLanguages('eng+deu', engine)).toBe('eng+deu');
    expect(checkLanguages(' deu + deu ', engine)).toBe('deu');
  });

  it('names the installed languages when one is missing', () => {
    expect(() => checkLanguages('eng+spa', engine)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        field: 'languages',
        message: 'The language "spa" is not installed on this server; it has deu, eng, fra.',
      }),
    );
  });

  it('refuses what is not a language code, and too many languages', () => {
    expect(() => checkLanguages('eng;rm -rf', engine)).toThrow(/not a language code/);
    expect(() => checkLanguages('eng+deu+fra+eng+deu+fra', engine)).toThrow(/at most 5/);
  });
});

describe('recognised text', () => {
  it('recognised text: no form feed, no trailing spaces, one blank line at most', () => {
    expect(cleanRecognisedText('\nFirst line  \nsecond\n\n\n\nThird\n\f')).toBe(
      'First line\nsecond\n\nThird',
    );
  });
});
