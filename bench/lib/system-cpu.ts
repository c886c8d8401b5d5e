import { readFileSync } from 'node:fs';
import os from 'node:os';
import { numberFromEnv } from './env.js';

/** Jiffies of all CPUs from /proc/stat: busy (everything but idle and iowait) and total. */
export function systemCpuTicks(): { busy: number; total: number } | undefined {
  try {
    // Synchronous for the same reason as proc-memory.ts: no queueing behind image jobs.
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, v) => sum + v, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** CPU the whole machine used between two readings, in percent of one core (cores × 100 at most). */
export function systemCpuPercent(
  from: { busy: number; total: number } | undefined,
  to: { busy: number; total: number } | undefined,
): number | undefined {
  if (!from || !to || to.total === from.total) return undefined;
  return Math.round(((to.busy - from.busy) / (to.total - from.total)) * os.cpus().length * 100);
}

/**
 * Waits until the rest of the machine is quiet (other engineers' tests share these cores), so a
 * measurement does not start in the middle of someone else's build. Gives up after `maxWaitMs` and
 * says so; the phase then records how much other CPU it saw.
 */
export async function waitForQuiet(
  maxBusyPercent = 25,
  maxWaitMs = numberFromEnv('BENCH_QUIET_WAIT_SECONDS', 120) * 1000,
): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  let announced = false;
  while (Date.now() < deadline) {
    const from = systemCpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const busy = systemCpuPercent(from, systemCpuTicks());
    if (busy === undefined || busy <= maxBusyPercent) return true;
    if (!announced) console.log(`  (waiting for the machine to be quiet: ${busy}% CPU in use by others)`);
    announced = true;
  }
  console.log('  (the machine stayed busy; measuring anyway)');
  return false;
}

/** Runs a measurement once the machine is quiet. */
export async function quietly<T>(measure: () => Promise<T>): Promise<T> {
  await waitForQuiet();
  return measure();
}
