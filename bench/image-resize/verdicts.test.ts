import { describe, expect, it } from 'vitest';
import { fastestRound } from './measure.js';
import { settings } from './settings.js';
import type { PhaseResult, ToolName } from './types.js';
import { ceilingPhase, verdicts } from './verdicts.js';

/** A measured cell with only the fields the verdicts read. */
function cell(tool: ToolName, concurrency: number, imagesPerSecond: number, errors = 0): PhaseResult {
  return { tool, concurrency, imagesPerSecond, errors, input: 'photo', p99Ms: 100 } as PhaseResult;
}

describe('fastestRound', () => {
  it("keeps the fastest round's figures and every round's throughput, p99 and errors in order", () => {
    const rounds = [cell('http', 2, 6.5, 1), cell('http', 2, 7.25), cell('http', 2, 7)];
    const kept = fastestRound(rounds);
    expect(kept.imagesPerSecond).toBe(7.25);
    expect(kept.errors).toBe(0);
    expect(kept.rounds).toEqual([
      { imagesPerSecond: 6.5, p99Ms: 100, errors: 1 },
      { imagesPerSecond: 7.25, p99Ms: 100, errors: 0 },
      { imagesPerSecond: 7, p99Ms: 100, errors: 0 },
    ]);
  });

  it('refuses no rounds', () => {
    expect(() => fastestRound([])).toThrow('No round was measured.');
  });
});

describe('verdicts', () => {
  /** HTTP at `ratio` of the ceiling everywhere; in-process variants at the given speeds. */
  function run(ratio: (concurrency: number) => number, sharp = 7, tuned = 8): PhaseResult[] {
    return settings.concurrencies.flatMap((c) => [
      cell('sharp', c, sharp),
      cell('sharp-tuned', c, tuned),
      cell('imagemagick', c, 1),
      cell('http', c, Math.max(sharp, tuned) * ratio(c)),
    ]);
  }
  const memory = { ...cell('http', settings.memoryClients, 5), peakRssBytes: 300e6 };
  const ceilingPasses = (phases: PhaseResult[]) => verdicts(phases, memory)[0]?.pass;

  it('takes the faster in-process variant as the ceiling, whichever it is', () => {
    expect(
      ceilingPhase(
        run(() => 1, 7, 8),
        2,
      )?.tool,
    ).toBe('sharp-tuned');
    expect(
      ceilingPhase(
        run(() => 1, 9, 8),
        2,
      )?.tool,
    ).toBe('sharp');
  });

  it('passes the ceiling target only when every concurrency reaches 90%', () => {
    const last = settings.concurrencies.at(-1);
    expect(ceilingPasses(run(() => 0.91))).toBe(true);
    expect(ceilingPasses(run(() => 0.91, 9, 8))).toBe(true);
    expect(ceilingPasses(run((c) => (c === last ? 0.89 : 0.95)))).toBe(false);
  });

  it('fails HTTP when any round had errors, even one not kept', () => {
    const phases = run(() => 0.95);
    const http = phases.find((p) => p.tool === 'http');
    if (http) http.rounds = [{ imagesPerSecond: 1, p99Ms: 100, errors: 2 }];
    expect(verdicts(phases, memory).map((v) => v.pass)).toEqual([false, false, true]);
  });
});
