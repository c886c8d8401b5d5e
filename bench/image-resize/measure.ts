import { quietly } from '../lib/system-cpu.js';
import { settings } from './settings.js';
import { otherCpuPercent, type PhaseResult } from './types.js';

/**
 * Measures one cell on a quiet machine, and again (up to `settings.attempts` times in all) when other
 * work took more than `settings.maxOtherCpuPercent` of a core meanwhile; keeps the cleanest attempt.
 */
export async function measureCleanly(measure: () => Promise<PhaseResult>): Promise<PhaseResult> {
  let best: PhaseResult | undefined;
  for (let attempt = 1; attempt <= settings.attempts; attempt += 1) {
    const phase = await quietly(measure);
    const other = otherCpuPercent(phase) ?? 0;
    if (!best || other < (otherCpuPercent(best) ?? 0)) best = phase;
    if (other <= settings.maxOtherCpuPercent) break;
    if (attempt < settings.attempts)
      console.log(`  (other work used ${other}% CPU during that cell: measuring it again)`);
  }
  if (!best) throw new Error('No attempt was made.');
  return best;
}
