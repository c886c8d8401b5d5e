import { describe, expect, it, vi } from 'vitest';
import * as simpleLayout from './simple-layout.js';

vi.mock('./simple-layout.js', async (original) => {
  const actual = await original<typeof simpleLayout>();
  return { useSimpleLayout: vi.fn(actual.useSimpleLayout) };
});

const { renderBlocks } = await import('./render.js');
const { plainTextBlocks } = await import('./blocks.js');

describe('renderBlocks', () => {
  it('sets simple text through useSimpleLayout, installed once on each face it registers', async () => {
    const style = { face: { family: 'sans' as const, bold: false, italic: false }, size: 12 };
    await renderBlocks(plainTextBlocks('flames AV\nfloat', style), { size: 'A4', margin: 56 });
    const calls = vi.mocked(simpleLayout.useSimpleLayout).mock.results;
    expect(calls.length).toBeGreaterThan(0);
    // Each call found pdfkit's embedded font and replaced its layout.
    expect(calls.every((call) => call.value === true)).toBe(true);
  });
});
