import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times; 100 on every Linux this runs on. */
const ticksPerSecond = 100;

/** CPU time (user + system, all threads) a process has used so far, in milliseconds. */
export function processCpuMs(pid: number): number | undefined {
  try {
    // Synchronous for the same reason as proc-memory.ts: no queueing behind image jobs.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return ((user + system) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
