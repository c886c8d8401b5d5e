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
  /** Refuse at once (SlotsBusyError) when this many already wait (0: none may wait); absent: no limit. */
  maxQueued?: number;
  /** Who asks (a client address): no key holds more than the per-key cap at once. */
  key?: string;
  /** Aborted (the client went away): a waiting request leaves the queue and rejects with its reason. */
  signal?: AbortSignal;
}

interface Waiter {
  key: string;
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
 * With a per-key cap, one client cannot hold every slot: a freed slot goes to the first waiter
 * whose key is under its cap, so a client over it waits while the others go ahead.
 *
 * Written here rather than taken from a semaphore package (p-limit, async-sema, async-mutex):
 * none of them has the bounded wait, the bounded queue and the per-key fairness together, and the
 * whole of it is a few dozen lines.
 *
 * @example const release = await slots.acquire({ maxWaitMs: 30_000, key: request.ip }); try { … } finally { release(); }
 */
export class JobSlots {
  private free: number;
  private readonly waiting: Waiter[] = [];
  private readonly held = new Map<string, number>();

  constructor(
    readonly size: number,
    private readonly perKey = Number.POSITIVE_INFINITY,
  ) {
    this.free = size;
  }

  /** Resolves with a release function once a slot is free; rejects with SlotsBusyError. */
  async acquire(limits: AcquireLimits = {}): Promise<() => void> {
    const key = limits.key ?? '';
    if (this.free > 0 && this.underCap(key)) {
      this.free -= 1;
    } else {
      if (limits.maxQueued !== undefined && this.waiting.length >= limits.maxQueued) {
        throw new SlotsBusyError('queue-full');
      }
      await this.wait(key, limits.maxWaitMs ?? 0, limits.signal);
    }
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.held.get(key) ?? 1) - 1;
      if (count > 0) this.held.set(key, count);
      else this.held.delete(key);
      this.free += 1;
      this.grantNext();
    };
  }

  private underCap(key: string): boolean {
    return (this.held.get(key) ?? 0) < this.perKey;
  }

  /** Hands free slots to the first waiters whose key may hold one more. */
  private grantNext(): void {
    for (let i = 0; i < this.waiting.length && this.free > 0; ) {
      const waiter = this.waiting[i] as Waiter;
      if (this.underCap(waiter.key)) {
        this.waiting.splice(i, 1);
        this.free -= 1;
        waiter.grant();
      } else {
        i += 1;
      }
    }
  }

  private wait(key: string, maxWaitMs: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      // Leave the queue so that a later release is not handed to a request that gave up.
      const leave = (why: unknown) => {
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(why);
      };
      const onAbort = () => leave(signal?.reason);
      const waiter: Waiter = {
        key,
        grant: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (maxWaitMs > 0) timer = setTimeout(() => leave(new SlotsBusyError('wait-expired')), maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** Requests holding a slot. */
  get running(): number {
    return this.size - this.free;
  }

  /** Requests waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }
}
