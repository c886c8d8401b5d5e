import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

/** The parts of a V8 .cpuprofile (written by `node --cpu-prof`) that are read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of the main thread's time spent waiting for events: 1 − its utilisation. */
  idleShare: number;
  gcShare: number;
  /** Functions with the most self time on the main thread (share of all samples). */
  top: { name: string; where: string; share: number }[];
}

/**
 * Reads a main-thread CPU profile: how busy the event loop was, and where its time went. libvips
 * work runs on other threads and shows here only as the JavaScript that waits for it.
 */
export async function summariseProfile(path: string, topN = 12): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfMs = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    totalMs += ms;
    const frame = byId.get(id);
    const where = frame?.url ? `${basename(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame?.functionName || '(anonymous)'}\u0000${where}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
  });
  const share = (name: string): number =>
    [...selfMs].filter(([key]) => key.startsWith(`${name}\u0000`)).reduce((sum, [, ms]) => sum + ms, 0) /
    totalMs;
  const top = [...selfMs]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, topN)
    .map(([key, ms]) => {
      const [name = '', where = ''] = key.split('\u0000');
      return { name, where, share: ms / totalMs };
    });
  return { totalMs, idleShare: share('(idle)'), gcShare: share('(garbage collector)'), top };
}
