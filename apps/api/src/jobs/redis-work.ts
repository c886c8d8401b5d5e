import { laneIds } from '@toolkit/catalog';
import { type Job, type Queue, type RedisOptions, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { closed, jobKeys, jobOptions, keysOf, pendingTtlSeconds, quiet, scripts } from './redis-scripts.js';
import {
  type Execute,
  errorOf,
  internalError,
  type JobRecord,
  type StoredResponse,
  unpackInput,
} from './types.js';

/*
 * The part of the Redis engine that runs jobs (a worker, or an HTTP instance with EXECUTION=direct):
 *
 * - A job whose run meets a Redis error (a connection dropped, Redis restarting) throws, and BullMQ
 *   runs it again with backoff; the operation's own answers, 4xx and 5xx, are stored, never retried.
 * - A worker that dies leaves its job locked for JOB_LOCK_MS; BullMQ's stalled check, every
 *   JOB_LOCK_MS, then runs it again: within twice JOB_LOCK_MS. Its answer is stored once.
 * - Stopping (SIGTERM): no new job is taken, the running ones may finish within the grace, the rest
 *   go back to the queue, queued again, without counting as an attempt.
 * - A reconciler walks the unfinished jobs every JOB_LOCK_MS and queues again the ones whose queue
 *   entry is gone (lost with a connection, or with an instance that died between the two writes).
 * - A heartbeat key tells the HTTP instances that a worker is there (EXECUTION=queue's /ready).
 */

export interface WorkOptions {
  execute: Execute;
  concurrency: number;
  /** Called once a job has finished (succeeded or failed): the webhook. */
  onFinished?: (record: JobRecord) => void;
  /** Told each time a run of a job ends, and whether its answer was the one stored. */
  onRunEnded?: (id: string, stored: boolean) => void;
  /** How long a stop lets running jobs finish before handing them back. */
  stopGraceMs: number;
  log?: { warn(object: object, message: string): void };
}

interface Context {
  queue: (lane: string) => Queue;
  connection: () => RedisOptions;
  lockMs: number;
  ttlMs: number;
  heartbeatMs: number;
}

/** The abort reason of a job handed back at a stop (a cancel aborts without one). */
const handBack = new Error('The worker is stopping: the job goes back to the queue.');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `write` again through short Redis outages (a dropped connection, a restart), until `untilMs`. */
async function persist<T>(write: () => Promise<T>, untilMs: number): Promise<T> {
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() + delay > untilMs) throw error;
      await sleep(delay);
    }
  }
}

export class RedisWork {
  private readonly workers: Worker[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly subscriber: Redis;
  private readonly timers: NodeJS.Timeout[] = [];
  private reconciling = false;

  constructor(
    private readonly redis: Redis,
    private readonly work: WorkOptions,
    private readonly context: Context,
  ) {
    this.subscriber = quiet(redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }));
    void this.subscriber.subscribe(jobKeys.cancelChannel).catch(() => undefined);
    this.subscriber.on('message', (_channel, id: string) => this.running.get(id)?.abort());
    const { lockMs } = context;
    for (const lane of laneIds) {
      const worker = new Worker(`toolkit-${lane}`, (job, token) => this.process(job, token), {
        connection: context.connection(),
        concurrency: work.concurrency,
        lockDuration: lockMs,
        stalledInterval: lockMs,
        maxStalledCount: 3,
      });
      worker.waitUntilReady().catch(() => undefined);
      // A job that failed for good (every attempt, or stalled too often) ends failed, not stranded.
      worker.on('failed', (job) => {
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void this.giveUp(String(job.data.id));
      });
      this.workers.push(quiet(worker));
    }
    const beat = () =>
      void redis.set(jobKeys.workerSeen, Date.now(), 'PX', 3 * context.heartbeatMs).catch(() => 0);
    beat();
    this.timers.push(setInterval(beat, context.heartbeatMs));
    this.timers.push(setInterval(() => void this.reconcile(), lockMs));
    for (const timer of this.timers) timer.unref();
  }

  private async process(job: Job, token: string | undefined): Promise<void> {
    const id = String(job.data.id);
    const own = keysOf(id);
    const until = Date.now() + this.context.lockMs;
    const started = await persist(
      () => scripts.start.run(this.redis, id, [new Date().toISOString(), pendingTtlSeconds]),
      until,
    );
    if (typeof started !== 'string') return this.settle(id);
    const [meta, body] = await persist(
      () => Promise.all([this.redis.get(own.request), this.redis.getBuffer(own.input)]),
      until,
    );
    if (!meta || !body) return this.settle(id);
    await job.updateProgress(0).catch(() => undefined);
    const controller = new AbortController();
    this.running.set(id, controller);
    let response: StoredResponse;
    try {
      response = await this.work.execute(unpackInput({ meta, body }), controller.signal);
    } catch {
      response = internalError();
    } finally {
      this.running.delete(id);
    }
    if (controller.signal.aborted) {
      if (controller.signal.reason !== handBack) return; // cancelled: its record says so already
      await persist(() => scripts.requeue.run(this.redis, id, []), Date.now() + 2000).catch(() => 0);
      if (!token) throw handBack;
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const done = await persist(() => this.complete(id, response), Date.now() + this.context.lockMs);
    this.work.onRunEnded?.(id, done !== undefined);
    if (!done) return;
    await job.updateProgress(100).catch(() => undefined);
    this.work.onFinished?.(done);
  }

  /** Stores the answer and finishes the record in one step; undefined when it was not the one stored. */
  private async complete(id: string, response: StoredResponse): Promise<JobRecord | undefined> {
    const { body, ...head } = response;
    const error = errorOf(response);
    const ttl = Math.ceil(this.context.ttlMs / 1000);
    const text = await scripts.complete.run(this.redis, id, [
      new Date().toISOString(),
      ttl,
      response.status < 400 ? 'succeeded' : 'failed',
      error ? JSON.stringify(error) : '',
      JSON.stringify(head),
      body,
    ]);
    return typeof text === 'string' ? (JSON.parse(text) as JobRecord) : undefined;
  }

  /** A job that cannot run (its input is gone) but whose record is still open ends failed. */
  private async settle(id: string): Promise<void> {
    const text = await this.redis.get(keysOf(id).record);
    const record = text ? (JSON.parse(text) as JobRecord) : undefined;
    if (record?.status !== 'queued' && record?.status !== 'running') return;
    if ((await this.redis.exists(keysOf(id).input)) === 1) return;
    await this.giveUp(id);
  }

  private async giveUp(id: string): Promise<void> {
    this.work.log?.warn({ job: id }, 'job failed for good: it ends failed');
    const done = await this.complete(id, internalError()).catch(() => undefined);
    if (done) this.work.onFinished?.(done);
  }

  /** Queues again each unfinished job whose queue entry is gone; fails those BullMQ gave up on. */
  private async reconcile(): Promise<void> {
    if (this.reconciling) return;
    this.reconciling = true;
    try {
      let cursor = '0';
      do {
        const [next, flat] = await this.redis.hscan(jobKeys.pending, cursor, 'COUNT', 200);
        cursor = next;
        for (let i = 0; i < flat.length; i += 2) await this.reconcileOne(String(flat[i]));
      } while (cursor !== '0');
    } catch {
      // Redis away: the next round tries again.
    } finally {
      this.reconciling = false;
    }
  }

  private async reconcileOne(id: string): Promise<void> {
    const text = await this.redis.get(keysOf(id).record);
    if (!text) {
      await scripts.cancel.run(this.redis, id, [new Date().toISOString(), 1]);
      return;
    }
    const record = JSON.parse(text) as JobRecord;
    // A job just accepted may not have its queue entry yet.
    if (Date.now() - Date.parse(record.createdAt) < this.context.lockMs) return;
    const queue = this.context.queue(record.lane);
    const state = await queue.getJobState(id);
    if (state === 'failed') {
      await this.giveUp(id);
    } else if (state === 'unknown' || state === 'completed') {
      this.work.log?.warn({ job: id }, 'job without a queue entry: queued again');
      await queue.add('run', { id }, jobOptions(id, this.context.ttlMs));
    }
  }

  /** Takes no new job; the running ones finish within the grace, then go back to the queue. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const handOver = setTimeout(() => {
      for (const controller of this.running.values()) controller.abort(handBack);
    }, this.work.stopGraceMs);
    await Promise.all(this.workers.map((w) => closed(w.close(), this.work.stopGraceMs + 3000)));
    clearTimeout(handOver);
    this.subscriber.disconnect();
  }
}
