import { OperationError } from '../errors.js';
import type { OcrCostLimits } from './cost.js';

/** Limits of one OCR run: the cost limits, the signal of the request or job, and progress. */
export interface OcrRunLimits extends OcrCostLimits {
  signal?: AbortSignal | undefined;
  /** Called after each recognised page (for a job's progress). */
  onPage?: ((done: number, total: number) => void) | undefined;
}

/**
 * The clock and the stop of one OCR run: what is left of its time for the next page, and the
 * run's own TIMEOUT message when a page overruns it. A cancelled request or deleted job keeps
 * the engine's error as it is (the client is gone, or the job says so).
 */
export class OcrClock {
  readonly #deadline: number;
  readonly #limits: OcrRunLimits;

  constructor(limits: OcrRunLimits) {
    this.#limits = limits;
    this.#deadline = Date.now() + limits.timeoutMs;
  }

  /** Milliseconds left, at least 1 (a run past its deadline is stopped by the engine at once). */
  remaining(): number {
    return Math.max(1, this.#deadline - Date.now());
  }

  /** Throws before the next page when the run was cancelled or has no time left. */
  check(done: number, total: number): void {
    if (this.#limits.signal?.aborted) {
      throw new OperationError('TIMEOUT', 'The request was cancelled before the work finished.');
    }
    if (Date.now() >= this.#deadline) throw this.#timeout(done, total);
  }

  /** A page's TIMEOUT becomes the run's, naming the limit and how far it got. */
  translate(error: unknown, done: number, total: number): unknown {
    if (error instanceof OperationError && error.code === 'TIMEOUT' && !this.#limits.signal?.aborted) {
      return this.#timeout(done, total, error);
    }
    return error;
  }

  #timeout(done: number, total: number, cause?: unknown): OperationError {
    return new OperationError(
      'TIMEOUT',
      `Recognising the text of ${total} page${total === 1 ? '' : 's'} took longer than the time limit of ` +
        `${Math.max(1, Math.round(this.#limits.timeoutMs / 1000))} s and was stopped after ${done}.`,
      { cause },
    );
  }
}
