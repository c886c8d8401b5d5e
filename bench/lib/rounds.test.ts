import { describe, expect, it } from 'vitest';
import { fastestOf } from './rounds.js';

describe('fastestOf', () => {
  it('keeps the fastest round, whichever place it ran in', () => {
    const speed = (r: { ops: number }) => r.ops;
    expect(fastestOf([{ ops: 3 }, { ops: 5 }, { ops: 4 }], speed)).toEqual({ ops: 5 });
    expect(fastestOf([{ ops: 6 }, { ops: 5 }], speed)).toEqual({ ops: 6 });
    expect(fastestOf([{ ops: 1 }, { ops: 2 }, { ops: 7 }], speed)).toEqual({ ops: 7 });
  });

  it('refuses to pick from no rounds', () => {
    expect(() => fastestOf([], () => 0)).toThrow('No round was measured.');
  });
});
