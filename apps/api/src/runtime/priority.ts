import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/*
 * Heavy work yields the CPU to light work (API.md "Heavy work is isolated"): on Linux a thread's
 * nice value is its own, so the threads that encode images (libvips' workers), the heavy pool's
 * JavaScript threads and the external programs run at a lower priority than the event loop and the
 * light lane. Between themselves they share as before; on an idle machine nothing changes. Nice
 * values only go up without privileges, so a lowered thread stays lowered.
 */

let nice = 10;

/** Sets the nice value heavy work runs at (HEAVY_WORK_NICE; 0 leaves every thread as it is). */
export function configureHeavyNice(value: number): void {
  nice = value;
}

export function heavyNice(): number {
  return nice;
}

/** Lowers the calling thread (a heavy worker thread at its start). Not possible: nothing happens. */
export function lowerThisThread(value = nice): void {
  if (value <= 0) return;
  try {
    setPriority(value);
  } catch {
    // Not Linux, or not allowed: the work runs at the normal priority.
  }
}

const lowered = new Set<string>();

/**
 * Lowers libvips' worker threads not lowered yet (libvips starts them as it needs them, named
 * "libvips worker"). Called as image work starts: a directory listing of this process's threads.
 */
export function lowerLibvipsThreads(): void {
  if (nice <= 0 || process.platform !== 'linux') return;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tids) {
    if (lowered.has(tid)) continue;
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'libvips worker') continue;
      setPriority(Number(tid), nice);
      lowered.add(tid);
    } catch {
      // The thread ended meanwhile, or may not be changed: left as it is.
    }
  }
}

/** Lowers a program just started (its threads, started after this, inherit the value). */
export function lowerProcess(pid: number | undefined): void {
  if (nice <= 0 || pid === undefined) return;
  try {
    setPriority(pid, nice);
  } catch {
    // Already gone, or not allowed: it runs at the normal priority.
  }
}
