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
  /** HTTP at `ratio` of a ceiling of 8 images/s (sharp-tuned; sharp's defaults slower) everywhere. */
  function run(ratio: (concurrency: number) => number): PhaseResult[] {
    return settings.concurrencies.flatMap((c) => [
      cell('sharp', c, 7),
      cell('sharp-tuned', c, 8),
      cell('imagemagick', c, 1),
      cell('http', c, 8 * ratio(c)),
    ]);
  }
  const memory = { ...cell('http', settings.memoryClients, 5), peakRssBytes: 300e6 };

  it('takes the faster in-process variant as the ceiling', () => {
    expect(
      ceilingPhase(
        run(() => 1),
        2,
      )?.tool,
    ).toBe('sharp-tuned');
  });

  it('passes the ceiling target only when every concurrency reaches 90%', () => {
    expect(
      verdicts(
        run(() => 0.91),
        memory,
      )[0]?.pass,
    ).toBe(true);
    const last = settings.concurrencies.at(-1);
    expect(
      verdicts(
        run((c) => (c === last ? 0.89 : 0.95)),
        memory,
      )[0]?.pass,
    ).toBe(false);
  });

  it('fails HTTP when any round had errors, even one not kept', () => {
    const phases = run(() => 0.95);
    const http = phases.find((p) => p.tool === 'http');
    if (http) http.rounds = [{ imagesPerSecond: 1, p99Ms: 100, errors: 2 }];
    expect(verdicts(phases, memory).map((v) => v.pass)).toEqual([false, false, true]);
  });
});
