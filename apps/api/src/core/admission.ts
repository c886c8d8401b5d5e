import { type LaneId, laneOf, type ToolSpec } from '@toolkit/catalog';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { SlotsBusyError } from '../runtime/job-slots.js';
import { createLanes, type Lane, type Lanes } from '../runtime/lanes.js';

/*
 * Admission for tool requests: each runs in its tool's lane (runtime/lanes.ts), whose slot it takes
 * before its body is read and keeps until its work has stopped. A full lane answers 503 at once;
 * the event-loop check of the load-shedding plugin is the only other layer.
 */

/** The 503 for a server that cannot take the request now (the error handler adds Retry-After). */
export function serverBusy(cause?: unknown): ApiError {
  return new ApiError('OVERLOADED', 'The server is busy. Please try again in a few seconds.', { cause });
}

/** The 503 while shutting down: the connection closes, so the client retries elsewhere. */
export function serverRestarting(): ApiError {
  return new ApiError('OVERLOADED', 'The server is restarting. Please try again in a few seconds.', {
    headers: { connection: 'close' },
  });
}

export interface Admission {
  lanes: Lanes;
  /** Aborted when the server starts shutting down: uploads still arriving are answered at once. */
  shutdown: AbortController;
}

export function createAdmission(config: Config): Admission {
  return { lanes: createLanes(config.lanes), shutdown: new AbortController() };
}

/**
 * The lane a call runs in: its tool's, except that a small input of a light tool (an HTTP body's
 * Content-Length, or the bytes a job or step holds) runs in the light lane and a larger one, or
 * one of unknown length (NaN), with the worker threads.
 */
export function laneFor(spec: ToolSpec, bodyBytes: number, config: Config): LaneId {
  const lane = laneOf(spec);
  if (lane !== 'light') return lane;
  return Number.isFinite(bodyBytes) && bodyBytes <= config.lightMaxBytes ? 'light' : 'workers';
}

/**
 * A slot of `lane` for `client`, or 503 OVERLOADED: at once when its queue is full, or when none
 * frees up in time. Rejects with the signal's reason when the client goes away while waiting.
 * `wait`: work already accepted (a job, a pipeline's next step) waits its turn however long the
 * queue, instead of being refused.
 */
export async function laneSlot(
  lane: Lane,
  client: string,
  signal: AbortSignal,
  wait = false,
): Promise<() => void> {
  try {
    return await lane.enter(client, signal, wait);
  } catch (error) {
    if (error instanceof SlotsBusyError) throw serverBusy(error);
    throw error;
  }
}

/**
 * Runs `work` with an AbortSignal that fires when the deadline passes or `gone` aborts (the client
 * went away, the job was cancelled), and answers 503 TIMEOUT at the deadline. The slots in `hold` are released only once the work
 * has really settled, not when the answer goes out: an operation that cannot be stopped at once
 * still occupies its core, and a freed slot would let more run side by side than the limit says.
 *
 * @example await underDeadline((signal) => run(input, { signal }), 30_000, clientGone, [releaseWork]);
 */
export async function underDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  gone: AbortSignal,
  hold: (() => void)[],
): Promise<T> {
  const controller = new AbortController();
  const timeout = new ApiError('TIMEOUT', `The request took longer than ${ms / 1000} s to process.`);
  const timer = setTimeout(() => controller.abort(timeout), ms);
  const leave = () => controller.abort(gone.reason);
  if (gone.aborted) leave();
  else gone.addEventListener('abort', leave, { once: true });
  let running: Promise<T>;
  try {
    running = work(controller.signal);
  } catch (error) {
    running = Promise.reject(error);
  }
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  void settled.finally(() => {
    clearTimeout(timer);
    gone.removeEventListener('abort', leave);
    for (const release of hold) release();
  });
  const aborted = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(controller.signal.reason);
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  // The abort path is raced, never awaited alone: its rejection must not go unhandled.
  aborted.catch(() => undefined);
  // Work that stops because of the abort fails with its own error; the answer names the reason.
  return Promise.race([running, aborted]).catch((error: unknown) => {
    throw controller.signal.aborted ? controller.signal.reason : error;
  });
}
