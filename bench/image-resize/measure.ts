import os from 'node:os';
import { fastestOf } from '../lib/rounds.js';
import { quietly } from '../lib/system-cpu.js';
import { settings } from './settings.js';
import { otherCpuPercent, type PhaseResult } from './types.js';

/**
 * CPU that other work may have taken from the cell: what it used while the machine was saturated.
 * When cores were left idle (e.g. one image at a time on two cores), others used spare capacity
 * and took nothing from the measured processes.
 */
function contention(phase: PhaseResult): number {
  const capacity = os.cpus().length * 100;
  const saturated = (phase.systemCpuPercent ?? 0) >= capacity - 25;
  return saturated ? (otherCpuPercent(phase) ?? 0) : 0;
}

/**
 * Measures one cell on a quiet machine, and again (up to `settings.attempts` times in all) when other
 * work took more than `settings.maxOtherCpuPercent` of a saturated machine; keeps the cleanest attempt.
 */
export async function measureCleanly(measure: () => Promise<PhaseResult>): Promise<PhaseResult> {
  let best: PhaseResult | undefined;
  for (let attempt = 1; attempt <= settings.attempts; attempt += 1) {
    const phase = await quietly(measure);
    const taken = contention(phase);
    if (!best || taken < contention(best)) best = phase;
    if (taken <= settings.maxOtherCpuPercent) break;
    if (attempt < settings.attempts)
      console.log(`  (other work took ${taken}% CPU during that cell: measuring it again)`);
  }
  if (!best) throw new Error('No attempt was made.');
  return best;
}

/**
 * One cell measured in several rounds, as one result: the fastest round's figures (lib/rounds.ts says
 * why), with every round's throughput, p99 and errors kept beside them.
 */
export function fastestRound(rounds: readonly PhaseResult[]): PhaseResult {
  const fastest = fastestOf(rounds, (r) => r.imagesPerSecond);
  const summary = rounds.map(({ imagesPerSecond, p99Ms, errors }) => ({ imagesPerSecond, p99Ms, errors }));
  return { ...fastest, rounds: summary };
}
