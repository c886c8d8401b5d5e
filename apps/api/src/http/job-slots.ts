/**
 * A first-come, first-served limit on how many requests hold an upload in memory and work on it
 * at once. The others wait before reading their bodies, so their bytes stay in the client and the
 * socket (TCP backpressure) instead of in our memory: with the libuv pool only able to run a few
 * images at a time, reading every pending upload at once would only raise the peak memory.
 *
 * @example const release = await slots.acquire(); try { … } finally { release(); }
 */
export class JobSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves with a release function once a slot is free. */
  async acquire(): Promise<() => void> {
    if (this.free > 0) {
      this.free -= 1;
    } else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }
}
