import { type ChildProcess, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WarmPool } from './warm-pool.js';

/** A program that waits as a warm ffmpeg does: blocked until its descriptor 3 is closed. */
const waiter = () =>
  spawn('sh', ['-c', 'cat <&3 >/dev/null'], { detached: true, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

const pool = (options: { limit?: number; idleMs?: number } = {}) => {
  const killed: ChildProcess[] = [];
  const warm = new WarmPool({
    limit: options.limit ?? 2,
    idleMs: options.idleMs ?? 10_000,
    kill: (child) => {
      killed.push(child);
      child.kill('SIGKILL');
    },
  });
  return { warm, killed };
};

describe('WarmPool', () => {
  it('gives the waiting program to the first taker of its key, once', async () => {
    const { warm } = pool();
    let started: ChildProcess | undefined;
    warm.fill('a', () => {
      started = waiter();
      return started;
    });
    warm.fill('a', () => expect.unreachable('one program waits per key'));
    expect(warm.take('b')).toBeUndefined();
    const taken = warm.take('a');
    if (!taken) return expect.unreachable('the waiting program is taken');
    expect(taken).toBe(started);
    expect(warm.take('a')).toBeUndefined();
    (taken.stdio[3] as NodeJS.WritableStream).end();
    await exited(taken);
    expect(taken.exitCode).toBe(0);
  });

  it('stops a program nobody takes within the idle time', async () => {
    const { warm, killed } = pool({ idleMs: 100 });
    const child = waiter();
    warm.fill('a', () => child);
    await exited(child);
    expect(killed).toEqual([child]);
    expect(warm.size).toBe(0);
    expect(child.stdio.every((stream) => !stream || stream.destroyed)).toBe(true);
  });

  it('makes room for a new key by stopping the oldest waiting program', async () => {
    const { warm, killed } = pool({ limit: 2 });
    const [a, b, c] = [waiter(), waiter(), waiter()];
    warm.fill('a', () => a);
    warm.fill('b', () => b);
    warm.fill('c', () => c);
    expect(killed).toEqual([a]);
    expect(warm.take('a')).toBeUndefined();
    expect(warm.take('b')).toBe(b);
    warm.clear();
    expect(killed).toEqual([a, c]);
    b.kill('SIGKILL');
    await Promise.all([exited(a), exited(b), exited(c)]);
  });

  it('drops a program that ended while it waited', async () => {
    const { warm } = pool();
    const child = waiter();
    warm.fill('a', () => child);
    child.kill('SIGKILL');
    await exited(child);
    expect(warm.take('a')).toBeUndefined();
    expect(warm.size).toBe(0);
    expect(child.stdio.every((stream) => !stream || stream.destroyed)).toBe(true);
  });
});
