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
