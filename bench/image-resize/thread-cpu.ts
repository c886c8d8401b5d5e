import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/task/<tid>/stat times; 100 on every Linux this runs on. */
const ticksPerSecond = 100;

/**
 * A process's CPU by kind of thread, in milliseconds: the main thread (JavaScript, and the garbage
 * collector's pauses), libvips' workers (the pixels), and the rest (V8's helper threads — concurrent
 * marking and sweeping — and the libuv pool, both named "node" in Node 20). The process total alone
 * hid that the server spent its extra CPU per image on garbage collection, not on images.
 */
export interface ThreadCpu {
  main: number;
  libvips: number;
  other: number;
}

/** One thread's kind and CPU milliseconds from its `stat` line (the name in parentheses may hold spaces). */
export function threadStat(stat: string, isMain: boolean): { kind: keyof ThreadCpu; ms: number } {
  const close = stat.lastIndexOf(')');
  const name = stat.slice(stat.indexOf('(') + 1, close);
  const fields = stat.slice(close + 2).split(' ');
  const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  const kind = isMain ? 'main' : name === 'libvips worker' ? 'libvips' : 'other';
  return { kind, ms };
}

/** CPU used so far by each kind of thread of `pid` (threads that ended are not counted). */
export function threadCpuMs(pid: number): ThreadCpu | undefined {
  const total: ThreadCpu = { main: 0, libvips: 0, other: 0 };
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  for (const tid of tids) {
    try {
      const { kind, ms } = threadStat(
        readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'),
        tid === String(pid),
      );
      total[kind] += ms;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return total;
}

/** CPU milliseconds per image of each kind of thread between two readings. */
export function perImage(
  start: ThreadCpu | undefined,
  end: ThreadCpu | undefined,
  images: number,
): ThreadCpu | undefined {
  if (!start || !end || images <= 0) return undefined;
  const each = (kind: keyof ThreadCpu) => Math.round(Math.max(0, end[kind] - start[kind]) / images);
  return { main: each('main'), libvips: each('libvips'), other: each('other') };
}
