import { laneIds } from '@toolkit/catalog';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import {
  EngineUnavailable,
  type Execute,
  emptyCounts,
  finished,
  internalError,
  type JobEngine,
  type JobInput,
  type JobRecord,
  packInput,
  type StoredResponse,
  unpackInput,
} from './types.js';

/*
 * Jobs across machines: one BullMQ queue per lane in Redis. The job's record, its request and its
 * answer live in Redis keys beside the queue (the answer for JOB_RESULT_TTL_SECONDS); BullMQ carries
 * only the id, moves a job whose worker died back to the queue (stalled-job check) and reports its
 * progress. The first answer stored wins (SET NX), so a job run twice still has exactly one result.
 * A cancel marks the record and is published to every worker, whose running copy then stops.
 */

const prefix = 'toolkit:job:';
const cancelChannel = 'toolkit:job-cancel';
/** Records of unfinished jobs outlive any sane queue wait. */
const pendingTtlSeconds = 7 * 24 * 3600;

export interface RedisJobsOptions {
  url: string;
  ttlMs: number;
  /** Run jobs in this process too (a worker, or an HTTP instance with EXECUTION=direct). */
  work?: { execute: Execute; concurrency: number; onFinished?: (record: JobRecord) => void } | undefined;
  /** How long a job stays locked by its worker: past it, a silent worker's job runs elsewhere. */
  lockMs?: number;
  /** Told each time a run of a job ends, and whether its answer was the one stored. */
  onRunEnded?: (id: string, stored: boolean) => void;
}

const key = (id: string, part = '') => `${prefix}${id}${part}`;

/** Closing gives up on a part that does not answer (Redis away): the process must still stop. */
const closed = (promise: Promise<unknown>) =>
  Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);

const quiet = <T extends { on(event: 'error', listener: () => void): unknown }>(emitter: T): T => {
  // Connection trouble is reported to callers (EngineUnavailable); ioredis and BullMQ reconnect.
  emitter.on('error', () => undefined);
  return emitter;
};

export class RedisJobs implements JobEngine {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();
  private readonly workers: Worker[] = [];
  private readonly running = new Map<string, AbortController>();
  private subscriber: Redis | undefined;
  private closing = false;

  constructor(private readonly options: RedisJobsOptions) {
    // Commands fail fast while Redis is away (the API answers 503), instead of queueing in memory.
    // No ready check: its INFO command, sent with the offline queue off, fails unhandled inside ioredis
    // when a connection closes while it starts.
    this.redis = quiet(
      new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, enableReadyCheck: false }),
    );
    // Queues and workers are made once Redis answers: BullMQ retries a refused first connection for
    // ever (past close(), with unhandled rejections). Until then, new work gets EngineUnavailable.
    this.redis.once('ready', () => {
      if (this.closing) return;
      for (const lane of laneIds) {
        this.queues.set(
          lane,
          quiet(new Queue(`toolkit-${lane}`, { connection: this.connection({ offline: false }) })),
        );
      }
      if (options.work) this.startWorkers(options.work);
    });
  }

  /**
   * Options for a connection BullMQ makes and owns (it watches their errors and closes them): the
   * address and credentials of REDIS_URL. Queues fail fast while Redis is away; workers and event
   * listeners wait for it (BullMQ requires that of blocking connections).
   */
  private connection(options: { offline: boolean }): RedisOptions {
    const { host, port, username, password, db, tls, family } = this.redis.options;
    return {
      host,
      port,
      username,
      password,
      db,
      tls,
      family,
      ...(options.offline
        ? { maxRetriesPerRequest: null, enableOfflineQueue: true }
        : { maxRetriesPerRequest: 1, enableOfflineQueue: false, enableReadyCheck: false }),
    };
  }

  private queue(lane: string): Queue {
    const queue = this.queues.get(lane) ?? this.queues.get('workers');
    if (!queue) throw new EngineUnavailable('Redis has not answered yet.');
    return queue;
  }

  /**
   * Waits a moment for a connection still being made (a process that has just started); past that,
   * or when Redis is away, the command fails fast and the caller answers 503.
   */
  private async connected(): Promise<void> {
    if (this.redis.status === 'ready' || this.redis.status === 'end') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 2000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.redis.once('ready', done);
    });
  }

  private async save(record: JobRecord, ttlSeconds: number): Promise<void> {
    await this.redis.set(key(record.id), JSON.stringify(record), 'EX', ttlSeconds);
  }

  async submit(record: JobRecord, input: JobInput): Promise<void> {
    await this.connected();
    try {
      const { meta, body } = packInput(input);
      await this.redis
        .multi()
        .set(key(record.id), JSON.stringify(record), 'EX', pendingTtlSeconds)
        .set(key(record.id, ':request'), meta, 'EX', pendingTtlSeconds)
        .set(key(record.id, ':input'), body, 'EX', pendingTtlSeconds)
        .exec();
      await this.queue(record.lane).add(
        'run',
        { id: record.id },
        {
          jobId: record.id,
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    } catch (cause) {
      await this.redis
        .del(key(record.id), key(record.id, ':request'), key(record.id, ':input'))
        .catch(() => 0);
      throw new EngineUnavailable('Redis did not take the job.', { cause });
    }
  }

  async get(id: string): Promise<JobRecord | undefined> {
    await this.connected();
    const text = await this.redis.get(key(id));
    if (!text) return undefined;
    const record = JSON.parse(text) as JobRecord;
    if (record.status === 'running') {
      const job = await this.queue(record.lane).getJob(id);
      if (typeof job?.progress === 'number') record.progress = job.progress;
    }
    return record;
  }

  async result(id: string): Promise<StoredResponse | undefined> {
    await this.connected();
    const [meta, body] = await Promise.all([
      this.redis.get(key(id, ':result')),
      this.redis.getBuffer(key(id, ':body')),
    ]);
    if (!meta || !body) return undefined;
    return { ...(JSON.parse(meta) as Omit<StoredResponse, 'body'>), body };
  }

  async cancel(id: string): Promise<boolean> {
    const record = await this.get(id);
    if (!record) return false;
    if (record.status === 'queued' || record.status === 'running') {
      const job = await this.queue(record.lane).getJob(id);
      if (job && (await job.getState()) !== 'active') await job.remove().catch(() => undefined);
      await this.save(
        { ...record, status: 'cancelled', finishedAt: new Date().toISOString() },
        Math.ceil(this.options.ttlMs / 1000),
      );
      await this.redis.del(key(id, ':input'), key(id, ':request'));
      await this.redis.publish(cancelChannel, id);
      return true;
    }
    await this.redis.del(key(id), key(id, ':result'), key(id, ':body'));
    return true;
  }

  async runAndWait(record: JobRecord, input: JobInput, signal: AbortSignal): Promise<StoredResponse> {
    let events = this.events.get(record.lane);
    if (!events) {
      events = new QueueEvents(`toolkit-${record.lane}`, {
        connection: this.connection({ offline: true }),
      });
      this.events.set(record.lane, events);
      await events.waitUntilReady();
    }
    await this.submit(record, input);
    const job = await this.queue(record.lane).getJob(record.id);
    const onAbort = () => void this.cancel(record.id);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      if (job) await job.waitUntilFinished(events).catch(() => undefined);
      for (let i = 0; i < 50; i++) {
        const response = await this.result(record.id);
        if (response) return response;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return internalError();
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  async counts() {
    const counts = emptyCounts();
    for (const queue of this.queues.values()) {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      counts.queued += (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0);
      counts.running += c.active ?? 0;
    }
    return counts;
  }

  private startWorkers(work: NonNullable<RedisJobsOptions['work']>): void {
    this.subscriber = quiet(this.redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true }));
    void this.subscriber.subscribe(cancelChannel).catch(() => undefined);
    this.subscriber.on('message', (_channel, id: string) => this.running.get(id)?.abort());
    for (const lane of laneIds) {
      const worker = new Worker(
        `toolkit-${lane}`,
        async (job) => this.process(String(job.data.id), work, (n) => job.updateProgress(n)),
        {
          connection: this.connection({ offline: true }),
          concurrency: work.concurrency,
          lockDuration: this.options.lockMs ?? 30_000,
          stalledInterval: this.options.lockMs ?? 30_000,
          maxStalledCount: 3,
        },
      );
      worker.waitUntilReady().catch(() => undefined);
      this.workers.push(quiet(worker));
    }
  }

  private async process(
    id: string,
    work: NonNullable<RedisJobsOptions['work']>,
    progress: (n: number) => Promise<void>,
  ) {
    const text = await this.redis.get(key(id));
    if (!text) return;
    let record = JSON.parse(text) as JobRecord;
    if (record.status === 'cancelled' || (await this.redis.exists(key(id, ':result')))) return;
    const [meta, body] = await Promise.all([
      this.redis.get(key(id, ':request')),
      this.redis.getBuffer(key(id, ':input')),
    ]);
    if (!meta || !body) return;
    record = {
      ...record,
      status: 'running',
      progress: 0,
      startedAt: record.startedAt ?? new Date().toISOString(),
    };
    await this.save(record, pendingTtlSeconds);
    await progress(0);
    const controller = new AbortController();
    this.running.set(id, controller);
    let response: StoredResponse;
    try {
      response = await work.execute(unpackInput({ meta, body }), controller.signal);
    } catch {
      response = internalError();
    } finally {
      this.running.delete(id);
    }
    if (controller.signal.aborted) return;
    const ttl = Math.ceil(this.options.ttlMs / 1000);
    const { body: resultBody, ...resultMeta } = response;
    // Exactly one answer per job, whichever run of it finishes first.
    const stored = await this.redis.set(key(id, ':result'), JSON.stringify(resultMeta), 'EX', ttl, 'NX');
    this.options.onRunEnded?.(id, stored === 'OK');
    if (stored !== 'OK') return;
    await this.redis.set(key(id, ':body'), resultBody, 'EX', ttl);
    const latest = await this.get(id);
    if (latest?.status === 'cancelled') return;
    const done = finished(record, response);
    await this.save(done, ttl);
    await this.redis.del(key(id, ':input'), key(id, ':request'));
    await progress(100);
    work.onFinished?.(done);
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const controller of this.running.values()) controller.abort();
    await Promise.all(this.workers.map((w) => closed(w.close())));
    await Promise.all([...this.events.values()].map((e) => closed(e.close())));
    await Promise.all([...this.queues.values()].map((q) => closed(q.close())));
    this.subscriber?.disconnect();
    await closed(this.redis.quit());
    this.redis.disconnect();
  }
}
