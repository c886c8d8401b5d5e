import { describe, expect, it } from 'vitest';
import { columnCount, layoutCombine } from './combine-layout.js';

const a = { width: 100, height: 50 };
const b = { width: 60, height: 100 };

describe('layoutCombine', () => {
  it('puts images side by side, aligned in the row', () => {
    const layout = (align: 'start' | 'center' | 'end') =>
      layoutCombine([a, b], { direction: 'horizontal', gap: 10, align }, 4096);
    expect(layout('start')).toEqual({
      width: 170,
      height: 100,
      scale: 1,
      placements: [
        { left: 0, top: 0, width: 100, height: 50 },
        { left: 110, top: 0, width: 60, height: 100 },
      ],
    });
    expect(layout('center').placements[0]?.top).toBe(25);
    expect(layout('end').placements[0]?.top).toBe(50);
  });

  it('stacks images, aligned in the column', () => {
    const layout = layoutCombine([a, b], { direction: 'vertical', gap: 0, align: 'end' }, 4096);
    expect([layout.width, layout.height]).toEqual([100, 150]);
    expect(layout.placements).toEqual([
      { left: 0, top: 0, width: 100, height: 50 },
      { left: 40, top: 50, width: 60, height: 100 },
    ]);
  });

  it('lays out the squarest grid, aligning each image in its cell', () => {
    expect([2, 3, 4, 5, 9, 10].map((n) => columnCount('grid', n))).toEqual([2, 2, 2, 3, 3, 4]);
    const layout = layoutCombine([a, b, b], { direction: 'grid', gap: 5, align: 'center' }, 4096);
    // Columns 100 and 60 wide, rows 100 and 100 high.
    expect([layout.width, layout.height]).toEqual([165, 205]);
    expect(layout.placements).toEqual([
      { left: 0, top: 25, width: 100, height: 50 },
      { left: 105, top: 0, width: 60, height: 100 },
      { left: 20, top: 105, width: 60, height: 100 },
    ]);
  });

  it('scales every image by one factor so that no side exceeds the limit, gaps kept', () => {
    const wide = { width: 3000, height: 2000 };
    const layout = layoutCombine(
      [wide, wide, wide],
      { direction: 'horizontal', gap: 200, align: 'start' },
      4096,
    );
    expect(layout.width).toBeLessThanOrEqual(4096);
    expect(layout.scale).toBeCloseTo((4096 - 400) / 9000, 6);
    expect(layout.placements.map((p) => [p.width, p.height])).toEqual([
      [1232, 821],
      [1232, 821],
      [1232, 821],
    ]);
    expect(layout.placements[1]?.left).toBe(1432);
    const tall = layoutCombine(
      [{ width: 10, height: 5000 }, a],
      { direction: 'horizontal', gap: 0, align: 'start' },
      4096,
    );
    expect(tall.height).toBe(4096);
    expect(tall.placements[1]).toMatchObject({ width: 81, height: 40 });
  });
});
