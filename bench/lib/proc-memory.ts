import { readFileSync, writeFileSync } from 'node:fs';

// Synchronous on purpose: /proc reads take microseconds, and async fs calls would queue on the libuv
// thread pool behind the very image jobs being measured, skewing the window's boundaries.

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

/** The kernel's peak resident set size of a process (VmHWM), in bytes. */
export function peakRss(pid: number): number | undefined {
  return statusField(pid, 'VmHWM');
}

/** The current resident set size of a process (VmRSS), in bytes. */
export function currentRss(pid: number): number | undefined {
  return statusField(pid, 'VmRSS');
}

/**
 * Resets a process's VmHWM to its current RSS (Linux `clear_refs` value 5), so the next reading is the
 * peak of one phase alone. Returns false where the kernel or permissions do not allow it.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples a process's RSS every `intervalMs` until stopped; a cross-check of VmHWM, and the only peak
 * available where VmHWM cannot be reset.
 */
export function sampleRss(pid: number, intervalMs = 50): { stop: () => Promise<number> } {
  let max = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rss = currentRss(pid);
      if (rss !== undefined && rss > max) max = rss;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return max;
    },
  };
}
