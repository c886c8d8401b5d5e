import type { OutputKind } from '@toolkit/catalog';
import { type ApiClient, ApiError, type JobStatus } from './api-client';
import { isRetryableError } from './query-client';

/*
 * Asynchronous jobs (API.md "Asynchronous jobs"): a long call is submitted with
 * `Prefer: respond-async`, its status polled until it ends, then its result read from
 * `/jobs/{id}/result`, which is exactly the synchronous answer, so it is read the same way.
 */

/** Uploads from this size on run as jobs whatever the tool: a dropped connection then loses nothing. */
export const ASYNC_MIN_BYTES = 5 * 1024 * 1024;

/** Polling starts quick (short jobs end soon) and slows down to this. */
export const POLL_FIRST_MS = 500;
export const POLL_MAX_MS = 5000;
const POLL_FACTOR = 1.5;
/** Failures in a row (network, 5xx, 429) that polling rides out before it gives up. */
const MAX_TRANSIENT_FAILURES = 5;

/** Waits `ms`, or rejects with an AbortError as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('The wait was aborted.', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

export interface PollOptions {
  signal?: AbortSignal;
  /** Hears every status read. */
  onStatus?: (job: JobStatus) => void;
  /** The operation the job must be (a job id in the page's URL may be another tool's). */
  operation?: string;
  /** Replaced in tests. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The next delay: the server's Retry-After when it sent one, never less than the backoff step. */
function delayAfter(step: number, error: unknown): number {
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? step : Math.max(step, seconds * 1000);
}

/**
 * Asks `attempt` again until `done` says its answer is final, backing off from POLL_FIRST_MS to
 * POLL_MAX_MS, riding out a few failures in a row that `passing` says may pass, honouring Retry-After.
 */
async function poll<R>(
  attempt: () => Promise<R>,
  done: (answer: R) => boolean,
  passing: (error: unknown) => boolean,
  options: PollOptions,
): Promise<R> {
  const wait = options.wait ?? sleep;
  let step = POLL_FIRST_MS;
  let failures = 0;
  for (;;) {
    let delay = step;
    try {
      const answer = await attempt();
      failures = 0;
      if (done(answer)) return answer;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (!passing(error) || ++failures > MAX_TRANSIENT_FAILURES) throw error;
      delay = delayAfter(step, error);
    }
    await wait(delay, options.signal);
    step = Math.min(step * POLL_FACTOR, POLL_MAX_MS);
  }
}

/** Polls the job's status until it has ended; reports each status read. */
export function waitForJob(client: ApiClient, id: string, options: PollOptions = {}): Promise<JobStatus> {
  return poll(
    () => client.getJob(id, { signal: options.signal }),
    (job) => {
      if (options.operation && job.operation !== options.operation) {
        throw new ApiError({ status: 404, code: 'NOT_FOUND', message: 'This job belongs to another tool.' });
      }
      options.onStatus?.(job);
      return job.status !== 'queued' && job.status !== 'running';
    },
    isRetryableError,
    options,
  );
}

/**
 * Reading the result is retried only when no answer came or the job is not finished after all: any
 * other answer, a 5xx included, is the job's own outcome.
 */
const resultMayPass = (error: unknown) =>
  error instanceof TypeError || (error instanceof ApiError && error.code === 'JOB_NOT_FINISHED');

/**
 * The outcome of a job, once it has ended: its result, the very answer the synchronous call would
 * have given, handed to `read` (a failed job's result is the failure answer itself, so this throws
 * the error that call would have thrown).
 */
export async function jobOutcome<R>(
  client: ApiClient,
  output: OutputKind,
  id: string,
  read: (response: Response) => Promise<R>,
  options: PollOptions = {},
): Promise<R> {
  const job = await waitForJob(client, id, options);
  if (job.status === 'cancelled') {
    throw new ApiError({ status: 409, code: 'JOB_CANCELLED', message: 'The job was cancelled.' });
  }
  // Finished by its status, the result may still say 409 for a moment (another instance's store).
  return poll(
    async () => read(await client.jobResult(output, id, { signal: options.signal })),
    () => true,
    resultMayPass,
    options,
  );
}

/** The page address's parameter holding the id of the job the page follows. */
export const JOB_PARAM = 'job';
const jobIdPattern = /^[\w-]{8,128}$/;

/** The job id in the page's address (?job=…), if it looks like one. Call in effects only. */
export function jobIdInUrl(): string | null {
  const id = new URLSearchParams(window.location.search).get(JOB_PARAM);
  return id && jobIdPattern.test(id) ? id : null;
}

/**
 * Puts the job id in the page's address (or takes it out), without a navigation: a reload then finds
 * the job again. The router's history state is kept as it is.
 */
export function setJobIdInUrl(id: string | null): void {
  const url = new URL(window.location.href);
  if ((url.searchParams.get(JOB_PARAM) ?? null) === id) return;
  if (id) url.searchParams.set(JOB_PARAM, id);
  else url.searchParams.delete(JOB_PARAM);
  window.history.replaceState(window.history.state, '', url);
}
