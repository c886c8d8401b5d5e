import type { CombineAlign, CombineDirection } from './options.js';

export interface Size {
  width: number;
  height: number;
}

export interface Placement extends Size {
  left: number;
  top: number;
}

export interface CombineLayout extends Size {
  /** The factor every input was scaled by (1 when all fit at their own size). */
  scale: number;
  /** Where each input goes, at its scaled size, in input order. */
  placements: Placement[];
}

/** Columns of the layout: one row, one column, or the squarest grid (3 images: 2 + 1). */
export function columnCount(direction: CombineDirection, count: number): number {
  if (direction === 'horizontal') return count;
  if (direction === 'vertical') return 1;
  return Math.ceil(Math.sqrt(count));
}

/** Column widths and row heights: the widest image of each column, the tallest of each row. */
function tracks(sizes: readonly Size[], columns: number) {
  const widths: number[] = [];
  const heights: number[] = [];
  sizes.forEach((size, i) => {
    const column = i % columns;
    const row = Math.floor(i / columns);
    widths[column] = Math.max(widths[column] ?? 0, size.width);
    heights[row] = Math.max(heights[row] ?? 0, size.height);
  });
  return { widths, heights };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function offset(space: number, size: number, align: CombineAlign): number {
  if (align === 'start') return 0;
  return align === 'end' ? space - size : Math.floor((space - size) / 2);
}

/**
 * Places images side by side (horizontal), one above the other (vertical) or in the squarest grid,
 * each at its own size, `gap` px apart; a smaller image is aligned in its row (horizontal), its
 * column (vertical) or its cell (grid) at the start, centre or end. When the whole would exceed
 * `maxSide` px a side, every image is scaled down by the same factor (the gaps keep their size).
 *
 * @example layoutCombine([{ width: 100, height: 50 }, { width: 100, height: 100 }], { direction: 'horizontal', gap: 10, align: 'end' }, 4096)
 * // { width: 210, height: 100, scale: 1, placements: [{ left: 0, top: 50, … }, { left: 110, top: 0, … }] }
 */
export function layoutCombine(
  sizes: readonly Size[],
  options: { direction: CombineDirection; gap: number; align: CombineAlign },
  maxSide: number,
): CombineLayout {
  const columns = columnCount(options.direction, sizes.length);
  const rows = Math.ceil(sizes.length / columns);
  const gapsX = options.gap * (columns - 1);
  const gapsY = options.gap * (rows - 1);
  const natural = tracks(sizes, columns);
  const scale = Math.min(
    1,
    (maxSide - gapsX) / sum(natural.widths),
    (maxSide - gapsY) / sum(natural.heights),
  );
  // Rounding down keeps the scaled sum within the limit.
  const scaled = sizes.map((s) => ({
    width: Math.max(1, Math.floor(s.width * scale)),
    height: Math.max(1, Math.floor(s.height * scale)),
  }));
  const { widths, heights } = tracks(scaled, columns);
  const starts = (lengths: readonly number[]) =>
    lengths.map((_, i) => sum(lengths.slice(0, i)) + i * options.gap);
  const lefts = starts(widths);
  const tops = starts(heights);
  const alignX = options.direction === 'horizontal' ? 'start' : options.align;
  const alignY = options.direction === 'vertical' ? 'start' : options.align;
  const placements = scaled.map((size, i) => {
    const column = i % columns;
    const row = Math.floor(i / columns);
    return {
      ...size,
      left: (lefts[column] ?? 0) + offset(widths[column] ?? 0, size.width, alignX),
      top: (tops[row] ?? 0) + offset(heights[row] ?? 0, size.height, alignY),
    };
  });
  return { width: sum(widths) + gapsX, height: sum(heights) + gapsY, scale, placements };
}
