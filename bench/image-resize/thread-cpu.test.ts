import { describe, expect, it } from 'vitest';
import { perImage, threadCpuMs, threadStat } from './thread-cpu.js';

/** A /proc/<pid>/task/<tid>/stat line with the given name and user/system ticks. */
const stat = (tid: number, name: string, user: number, system: number) =>
  `${tid} (${name}) S 1 ${tid} ${tid} 0 -1 4194560 100 0 0 0 ${user} ${system} 0 0 20 0 12 0 100 0 0`;

describe('threadStat', () => {
  it('reads the kind of thread and its user + system time in milliseconds', () => {
    expect(threadStat(stat(10, 'node', 30, 5), true)).toEqual({ kind: 'main', ms: 350 });
    expect(threadStat(stat(11, 'libvips worker', 7, 1), false)).toEqual({ kind: 'libvips', ms: 80 });
    expect(threadStat(stat(12, 'node', 2, 0), false)).toEqual({ kind: 'other', ms: 20 });
  });

  it('reads past a name holding spaces and parentheses', () => {
    expect(threadStat(stat(13, 'a (b) c', 1, 1), false)).toEqual({ kind: 'other', ms: 20 });
  });
});

describe('perImage', () => {
  it('divides what each kind used between the readings by the images', () => {
    const start = { main: 100, libvips: 1000, other: 50 };
    const end = { main: 400, libvips: 4300, other: 650 };
    expect(perImage(start, end, 10)).toEqual({ main: 30, libvips: 330, other: 60 });
  });

  it('has nothing to say without both readings or without images', () => {
    expect(perImage(undefined, { main: 1, libvips: 1, other: 1 }, 1)).toBeUndefined();
    expect(perImage({ main: 1, libvips: 1, other: 1 }, { main: 2, libvips: 2, other: 2 }, 0)).toBeUndefined();
  });
});

describe('threadCpuMs', () => {
  it('reads this process: its main thread has used CPU', () => {
    expect(threadCpuMs(process.pid)?.main).toBeGreaterThan(0);
  });
});
