import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { configureHeavyNice, lowerLibvipsThreads, lowerProcess } from './priority.js';
import type { fixtureTasks } from './worker-pool.fixture.js';
import { WorkerPool } from './worker-pool.js';

/** Each thread of this process: its name and nice value (/proc/<pid>/task/<tid>/stat, field 19). */
function threads(): { tid: string; name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      return [{ tid, name, nice: Number(fields[16]) }];
    } catch {
      return [];
    }
  });
}

const niceOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

const entry = new URL('./worker-pool.fixture.ts', import.meta.url);
const options = { threads: 1, maxQueue: 2, timeoutMs: 10_000, maxHeapMb: 64, youngHeapMb: 24 };
const heavy = new WorkerPool<typeof fixtureTasks>(entry, { ...options, nice: 10 });
const light = new WorkerPool<typeof fixtureTasks>(entry, options);
afterAll(async () => {
  await Promise.all([heavy.close(), light.close()]);
  configureHeavyNice(10);
});

describe.runIf(process.platform === 'linux')('heavy work at a lower priority', () => {
  it("lowers a pool's threads when it is given a nice value, and leaves the others and the main thread", async () => {
    expect(await heavy.run('test.nice', undefined)).toBe(10);
    expect(await light.run('test.nice', undefined)).toBe(0);
    expect(getPriority()).toBe(0);
  });

  it("lowers libvips' worker threads, and only those", async () => {
    configureHeavyNice(7);
    const image = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
      .avif()
      .toBuffer();
    expect(image.length).toBeGreaterThan(0);
    lowerLibvipsThreads();
    const all = threads();
    const vips = all.filter((thread) => thread.name === 'libvips worker');
    expect(vips.length).toBeGreaterThan(0);
    for (const thread of vips) expect(thread.nice, `libvips thread ${thread.tid}`).toBe(7);
    expect(all.find((thread) => thread.tid === String(process.pid))?.nice).toBe(0);
  });

  it('lowers a program it is given, and does nothing when the setting is 0', async () => {
    const lowered = spawn('sleep', ['5']);
    const left = spawn('sleep', ['5']);
    try {
      configureHeavyNice(12);
      lowerProcess(lowered.pid);
      configureHeavyNice(0);
      lowerProcess(left.pid);
      expect(niceOf(lowered.pid as number)).toBe(12);
      expect(niceOf(left.pid as number)).toBe(0);
    } finally {
      lowered.kill();
      left.kill();
    }
  });
});
