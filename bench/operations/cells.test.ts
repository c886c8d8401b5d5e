import { describe, expect, it } from 'vitest';
import type { CellResult } from './case.js';
import { fastestCell } from './cells.js';

const round = (opsPerSecond: number, extra: Partial<CellResult> = {}): CellResult => ({
  case: 'rotate',
  group: 'images',
  tool: 'HTTP API',
  concurrency: 2,
  opsPerSecond,
  p50Ms: 2000 / opsPerSecond,
  completed: Math.round(opsPerSecond * 5),
  errors: 0,
  errorSamples: [],
  outputBytes: 1000,
  facts: {},
  systemCpuPercent: 190,
  ...extra,
});

describe('fastestCell', () => {
  it("keeps the fastest round's figures and lists every round in the order run", () => {
    const cell = fastestCell([round(11.2), round(16.7), round(13)]);
    expect(cell.opsPerSecond).toBe(16.7);
    expect(cell.p50Ms).toBeCloseTo(2000 / 16.7);
    expect(cell.rounds).toEqual([11.2, 16.7, 13]);
    expect(cell.errors).toBe(0);
  });

  it('keeps errors and a failed output check from any round, so the cell gets no verdict', () => {
    const cell = fastestCell([
      round(9, { errors: 2, errorSamples: ['HTTP 503: busy'] }),
      round(12),
      round(10, { facts: { problem: 'not JSON' } }),
    ]);
    expect(cell.opsPerSecond).toBe(12);
    expect(cell.errors).toBe(2);
    expect(cell.errorSamples).toEqual(['HTTP 503: busy']);
    expect(cell.facts.problem).toBe('not JSON');
  });

  it('counts a round that failed outright as an error of the cell', () => {
    const cell = fastestCell([round(12), round(11)], ['round 3 failed: Error: server gone']);
    expect(cell.opsPerSecond).toBe(12);
    expect(cell.errors).toBe(1);
    expect(cell.errorSamples).toEqual(['round 3 failed: Error: server gone']);
  });
});
