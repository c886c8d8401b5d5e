import { describe, expect, it } from 'vitest';
import { JobSlots } from './job-slots.js';

describe('JobSlots', () => {
  it('lets `size` holders in at once and the others in arrival order as slots free up', async () => {
    const slots = new JobSlots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire().then((release) => {
      order.push('d');
      return release;
    });
    await Promise.resolve();
    expect([order, slots.queued]).toEqual([[], 2]);
    a();
    a(); // a second release of the same slot changes nothing
    const releaseC = await c;
    expect([order, slots.queued]).toEqual([['c'], 1]);
    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    releaseD();
    // Both slots are free again: two immediate acquisitions.
    await slots.acquire();
    await slots.acquire();
    expect(slots.queued).toBe(0);
  });
});

describe('JobSlots limits', () => {
  it('refuses at once when the queue is full, and gives up after the longest wait', async () => {
    const slots = new JobSlots(1);
    const held = await slots.acquire();
    const queued = slots.acquire({ maxQueued: 1 });
    await expect(slots.acquire({ maxQueued: 1 })).rejects.toMatchObject({ reason: 'queue-full' });
    await expect(slots.acquire({ maxWaitMs: 20 })).rejects.toMatchObject({ reason: 'wait-expired' });
    // The request that gave up left the queue: the next release goes to the one still waiting.
    expect(slots.queued).toBe(1);
    held();
    const release = await queued;
    expect(slots.queued).toBe(0);
    release();
    (await slots.acquire({ maxWaitMs: 20 }))();
  });
});

describe('JobSlots with a signal', () => {
  it('refuses at once with a queue of 0, and a waiter whose signal aborts leaves the queue', async () => {
    const slots = new JobSlots(1);
    const held = await slots.acquire();
    await expect(slots.acquire({ maxQueued: 0 })).rejects.toMatchObject({ reason: 'queue-full' });
    const controller = new AbortController();
    const gone = slots.acquire({ signal: controller.signal });
    const next = slots.acquire();
    expect(slots.queued).toBe(2);
    controller.abort(new Error('client gone'));
    await expect(gone).rejects.toThrow('client gone');
    expect(slots.queued).toBe(1);
    expect(slots.running).toBe(1);
    held();
    (await next)();
    expect([slots.running, slots.queued]).toEqual([0, 0]);
  });
});

describe('JobSlots per-key cap', () => {
  it('keeps one key from holding every slot and hands freed slots to the others first', async () => {
    const slots = new JobSlots(3, 2);
    const a1 = await slots.acquire({ key: 'a' });
    await slots.acquire({ key: 'a' });
    let a3Granted = false;
    const a3 = slots.acquire({ key: 'a' }).then((release) => {
      a3Granted = true;
      return release;
    });
    // A slot is free, but 'a' is at its cap: 'a' waits while 'b' gets it at once.
    const b1 = await slots.acquire({ key: 'b', maxWaitMs: 1 });
    await Promise.resolve();
    expect([a3Granted, slots.queued]).toEqual([false, 1]);
    b1();
    await Promise.resolve();
    expect(a3Granted).toBe(false);
    a1();
    (await a3)();
    expect(slots.queued).toBe(0);
  });
});
