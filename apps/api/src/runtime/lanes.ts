import { AsyncLocalStorage } from 'node:async_hooks';
import { type LaneId, laneIds } from '@toolkit/catalog';
import { JobSlots } from './job-slots.js';
import { lowerLibvipsThreads } from './priority.js';

export interface LaneSettings {
  /** Requests holding a slot at once (reading their input and working). */
  concurrency: number;
  /** Requests that may wait for a slot; one more is refused at once (SlotsBusyError 'queue-full'). */
  queue: number;
  /** Slots one client address may hold at once, so that slow clients cannot hold them all. */
  perClient: number;
  /** Longest wait in the queue (SlotsBusyError 'wait-expired'); 0 waits as long as it takes. */
  maxWaitMs: number;
}

export interface LaneState {
  running: number;
  waiting: number;
  capacity: number;
}

/** The lane a piece of work runs in and its cancellation, seen by the runtime it calls (runTask). */
interface LaneContext {
  lane: LaneId;
  signal: AbortSignal;
}

const context = new AsyncLocalStorage<LaneContext>();

/** The lane of the work calling, if it runs in one (see Lane.run). */
export function currentLane(): LaneContext | undefined {
  return context.getStore();
}

/**
 * One engine's share of the server (API.md "Heavy work is isolated"): its own slots and bounded
 * queue, so that a lane full of heavy work refuses at once and never delays the other lanes.
 * A slot is taken before the request's body is read (waiting requests stay unread in their
 * sockets) and given back only once the work has stopped.
 *
 * @example const leave = await lanes.images.enter(request.ip, signal); try { await lanes.images.run(signal, work) } finally { leave() }
 */
export class Lane {
  readonly #slots: JobSlots;

  constructor(
    readonly id: LaneId,
    readonly settings: LaneSettings,
  ) {
    this.#slots = new JobSlots(settings.concurrency, settings.perClient);
  }

  /**
   * A slot for `client`, resolved with its release; rejects at once when the queue is full, unless
   * `wait` (work already accepted, which waits its turn for as long as it takes).
   */
  enter(client: string, signal?: AbortSignal, wait = false): Promise<() => void> {
    return this.#slots.acquire({
      key: client,
      ...(wait ? {} : { maxQueued: this.settings.queue, maxWaitMs: this.settings.maxWaitMs }),
      ...(signal ? { signal } : {}),
    });
  }

  /**
   * Runs `work` as this lane's: the JavaScript tasks it starts go to this lane's worker threads
   * and stop with `signal` (runTask reads the context), without every handler passing them on.
   */
  run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    // libvips starts its threads as it needs them: the new ones are lowered as the next image work starts.
    if (this.id === 'images') lowerLibvipsThreads();
    return context.run({ lane: this.id, signal }, work);
  }

  get state(): LaneState {
    return { running: this.#slots.running, waiting: this.#slots.queued, capacity: this.settings.concurrency };
  }
}

export type Lanes = Record<LaneId, Lane>;

export function createLanes(settings: Record<LaneId, LaneSettings>): Lanes {
  return Object.fromEntries(laneIds.map((id) => [id, new Lane(id, settings[id])])) as Lanes;
}
