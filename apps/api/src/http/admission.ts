import type { ServerResponse } from 'node:http';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';
import { JobSlots, SlotsBusyError } from '../runtime/job-slots.js';

/*
 * Admission for tool requests, in two layers: `uploads` bounds how many read their body into
 * memory at once (and how many one client may), `work` how many are processed at once (image work
 * is CPU bound: about one per core). Requests beyond both wait, unread, so memory stays bounded
 * however many arrive; the wait is bounded too (UPLOAD_QUEUE_MAX, UPLOAD_QUEUE_TIMEOUT_MS), which
 * also bounds the tool requests in flight. The event-loop check of the load-shedding plugin is
 * the only other layer.
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
  uploads: JobSlots;
  work: JobSlots;
  /** Aborted when the server starts shutting down: uploads still arriving are answered at once. */
  shutdown: AbortController;
}

export function createAdmission(config: Config): Admission {
  return {
    uploads: new JobSlots(config.runtime.maxBufferedUploads, config.runtime.uploadsPerClient),
    work: new JobSlots(config.runtime.maxConcurrentJobs),
    shutdown: new AbortController(),
  };
}

/**
 * An upload slot for `client`, or 503 OVERLOADED when none frees up in time or too many already
 * wait: slots held by slow clients must turn into a quick answer for the others, not an endless
 * queue.
 */
export async function uploadSlot(admission: Admission, config: Config, client: string): Promise<() => void> {
  try {
    return await admission.uploads.acquire({
      maxWaitMs: config.runtime.uploadQueueWaitMs,
      maxQueued: config.runtime.uploadQueueMax,
      key: client,
    });
  } catch (error) {
    if (error instanceof SlotsBusyError) throw serverBusy(error);
    throw error;
  }
}

/**
 * Runs `work` with an AbortSignal that fires when the deadline passes or the client goes away,
 * and answers 503 TIMEOUT at the deadline. The slots in `hold` are released only once the work
 * has really settled, not when the answer goes out: an operation that cannot be stopped at once
 * still occupies its core, and a freed slot would let more run side by side than the limit says.
 *
 * @example await underDeadline((signal) => run(input, { signal }), 30_000, reply.raw, [releaseWork, releaseUpload]);
 */
export async function underDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  response: ServerResponse,
  hold: (() => void)[],
): Promise<T> {
  const controller = new AbortController();
  const timeout = new ApiError('TIMEOUT', `The request took longer than ${ms / 1000} s to process.`);
  const timer = setTimeout(() => controller.abort(timeout), ms);
  const gone = () => {
    if (!response.writableFinished)
      controller.abort(new ApiError('MALFORMED_REQUEST', 'The client went away.'));
  };
  response.once('close', gone);
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
    response.off('close', gone);
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
