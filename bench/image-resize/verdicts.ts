import { fmt, mb } from '../lib/stats.js';
import { settings } from './settings.js';
import type { PhaseResult, ToolName } from './types.js';

/** One target of issue 3 and whether this run met it. */
export interface Verdict {
  target: string;
  measured: string;
  pass: boolean;
}

export function findPhase(
  phases: readonly PhaseResult[],
  tool: ToolName,
  concurrency: number,
): PhaseResult | undefined {
  return phases.find((p) => p.tool === tool && p.concurrency === concurrency && p.input === 'photo');
}

/**
 * The fair in-process ceiling at a concurrency: the faster of the two in-process baselines (sharp's
 * defaults, the server's settings), so that neither a setting of ours nor one of sharp's flatters HTTP.
 */
export function ceilingPhase(phases: readonly PhaseResult[], concurrency: number): PhaseResult | undefined {
  const candidates = (['sharp', 'sharp-tuned'] as const)
    .map((tool) => findPhase(phases, tool, concurrency))
    .filter((p): p is PhaseResult => p !== undefined);
  return candidates.reduce<PhaseResult | undefined>(
    (best, p) => (best === undefined || p.imagesPerSecond > best.imagesPerSecond ? p : best),
    undefined,
  );
}

/** HTTP throughput divided by another tool's (or the ceiling's) at the same concurrency. */
export function throughputRatio(
  phases: readonly PhaseResult[],
  other: ToolName | 'ceiling',
  concurrency: number,
): number {
  const http = findPhase(phases, 'http', concurrency);
  const base =
    other === 'ceiling' ? ceilingPhase(phases, concurrency) : findPhase(phases, other, concurrency);
  if (!http || !base || base.imagesPerSecond === 0) return Number.NaN;
  return http.imagesPerSecond / base.imagesPerSecond;
}

/**
 * The three targets. The ImageMagick target is judged at every measured concurrency (its weakest
 * ratio), since the issue names no single one; a phase with failed requests never passes.
 */
export function verdicts(phases: readonly PhaseResult[], memory: PhaseResult | undefined): Verdict[] {
  const { targets, concurrencies } = settings;
  const httpErrors = phases.some(
    (p) => p.tool === 'http' && (p.errors > 0 || p.rounds?.some((r) => r.errors > 0)),
  );
  const ceilingRatios = concurrencies.map((c) => ({ c, ratio: throughputRatio(phases, 'ceiling', c) }));
  const imRatios = concurrencies.map((c) => ({ c, ratio: throughputRatio(phases, 'imagemagick', c) }));
  const weakest = imRatios.reduce((a, b) => (Number.isNaN(b.ratio) || b.ratio >= a.ratio ? a : b), {
    c: 0,
    ratio: Number.POSITIVE_INFINITY,
  });
  const rss = memory?.peakRssBytes;
  return [
    {
      target: `HTTP throughput ≥ ${targets.httpVsCeiling * 100}% of the fair in-process ceiling (at every concurrency)`,
      measured: ceilingRatios.map(({ c, ratio }) => `${fmt(ratio * 100)}% at ${c}`).join(', '),
      pass: ceilingRatios.every(({ ratio }) => ratio >= targets.httpVsCeiling) && !httpErrors,
    },
    {
      target: `HTTP throughput ≥ ${targets.httpVsImageMagick}× ImageMagick (at every concurrency)`,
      measured: `${imRatios.map(({ c, ratio }) => `${fmt(ratio, 2)}× at ${c}`).join(', ')}`,
      pass: Number.isFinite(weakest.ratio) && weakest.ratio >= targets.httpVsImageMagick && !httpErrors,
    },
    {
      target: `Peak server RSS ≤ ${mb(targets.peakRssBytes)} MB with ${settings.memoryClients} concurrent ~10 MB uploads`,
      measured: `${mb(rss)} MB`,
      pass: rss !== undefined && rss <= targets.peakRssBytes && (memory?.errors ?? 1) === 0,
    },
  ];
}
