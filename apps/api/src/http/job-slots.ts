/** Why a request did not get a slot: the queue was already full, or the wait ran out. */
export class SlotsBusyError extends Error {
  override name = 'SlotsBusyError';
  constructor(readonly reason: 'queue-full' | 'wait-expired') {
    super(reason === 'queue-full' ? 'The wait queue is full.' : 'No slot freed up in time.');
  }
}

export interface AcquireLimits {
  /** Give up (SlotsBusyError) after waiting this long; 0 or absent waits for ever. */
  maxWaitMs?: number;
  /** Refuse at once (SlotsBusyError) when this many already wait; 0 or absent means no limit. */
  maxQueued?: number;
}

interface Waiter {
  grant: () => void;
}

/**
 * A first-come, first-served limit on how many requests hold an upload in memory and work on it
 * at once. The others wait before reading their bodies, so their bytes stay in the client and the
 * socket (TCP backpressure) instead of in our memory: with the libuv pool only able to run a few
 * images at a time, reading every pending upload at once would only raise the peak memory. The
 * wait itself is bounded (in time and in length), so that slots held by slow clients turn into a
 * quick "busy" answer for the others rather than an endless queue.
 *
 * @example const release = await slots.acquire({ maxWaitMs: 30_000 }); try { … } finally { release(); }
 */
export class JobSlots {
  private free: number;
  private readonly waiting: Waiter[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves with a release function once a slot is free; rejects with SlotsBusyError. */
  async acquire(limits: AcquireLimits = {}): Promise<() => void> {
    if (this.free > 0) {
      this.free -= 1;
    } else {
      if (limits.maxQueued && this.waiting.length >= limits.maxQueued) {
        throw new SlotsBusyError('queue-full');
      }
      await this.wait(limits.maxWaitMs ?? 0);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.free += 1;
    };
  }

  private wait(maxWaitMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      if (maxWaitMs > 0) {
        timer = setTimeout(() => {
          // Leave the queue so that a later release is not handed to a request that gave up.
          const at = this.waiting.indexOf(waiter);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(new SlotsBusyError('wait-expired'));
        }, maxWaitMs);
      }
      this.waiting.push(waiter);
    });
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }
}
