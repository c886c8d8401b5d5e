/** Nearest-rank percentile (p in 0..100) of a list of numbers; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Median of a list of numbers; NaN for an empty list. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** A number rounded for a table: `digits` decimals, or an em dash when it is not a finite number. */
export function fmt(value: number | undefined, digits = 1): string {
  if (value === undefined || !Number.isFinite(value)) return '—';
  return value.toFixed(digits);
}

/** Bytes as decimal megabytes (10^6) with one decimal, the unit every memory figure is given in. */
export function mb(bytes: number | undefined): string {
  return bytes === undefined ? '—' : fmt(bytes / 1e6);
}
