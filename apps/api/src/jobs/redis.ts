import { laneIds } from '@toolkit/catalog';
import { Queue } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { storedError } from '../core/result.js';
import { ApiError } from '../errors.js';
import { closed, jobKeys, jobOptions, keysOf, pendingTtlSeconds, quiet, scripts } from './redis-scripts.js';
import { RedisWork, type WorkOptions } from './redis-work.js';
import {
  EngineUnavailable,
  emptyCounts,
  type JobEngine,
  type JobInput,
  type JobRecord,
  type JobStatus,
  packInput,
  QueueFull,
  ShuttingDown,
  type StoredResponse,
} from './types.js';

/*
 * Jobs across machines: one BullMQ queue per lane in Redis. The job's record, its input and its
 * answer live in Redis keys beside the queue; BullMQ carries only the id. Each change of state is
 * one Lua script (redis-scripts.ts), the answer is stored once, and the workers (redis-work.ts)
 * retry, hand back and reconcile, so that every job accepted ends succeeded, failed or cancelled.
 */

export interface RedisJobsOptions {
  url: string;
  ttlMs: number;
  /** How long a job stays locked by its worker: past it, a silent worker's job runs elsewhere. */
  lockMs: number;
  /** Bytes of input the unfinished jobs may hold in Redis, and bytes of answers kept. */
  maxQueuedBytes: number;
  maxResultBytes: number;
  /** EXECUTION=queue: how long a synchronous call waits for a worker to start it, and in all. */
  waitMs: { start: number; total: number };
  retryAfterSeconds: number;
  /** Workers write a heartbeat this often (every process that runs jobs). */
  heartbeatMs: number;
  /** Run jobs in this process too (a worker, or an HTTP instance with EXECUTION=direct). */
  work?: WorkOptions | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RedisJobs implements JobEngine {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly queues = new Map<string, Queue>();
  private work: RedisWork | undefined;
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
      if (options.work) {
        this.work = new RedisWork(this.redis, options.work, {
          queue: (lane) => this.queue(lane),
          connection: () => this.connection({ offline: true }),
          lockMs: options.lockMs,
          ttlMs: options.ttlMs,
          heartbeatMs: options.heartbeatMs,
        });
      }
    });
  }

  /**
   * Options for a connection BullMQ makes and owns (it watches their errors and closes them): the
   * address and credentials of REDIS_URL. Queues fail fast while Redis is away; workers wait for it
   * (BullMQ requires that of blocking connections).
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

  async submit(record: JobRecord, input: JobInput): Promise<void> {
    if (this.closing) throw new ShuttingDown();
    await this.connected();
    const { meta, body } = packInput(input);
    const { maxQueuedBytes, maxResultBytes } = this.options;
    let taken: unknown;
    try {
      taken = await scripts.submit.run(this.redis, record.id, [
        JSON.stringify(record),
        meta,
        body,
        pendingTtlSeconds,
        maxQueuedBytes,
        maxResultBytes,
      ]);
    } catch (cause) {
      throw new EngineUnavailable('Redis did not take the job.', { cause });
    }
    if (taken !== 1) throw new QueueFull(taken === 0 ? 'queued inputs' : 'kept results');
    // The record is in Redis: the job is accepted. Its queue entry normally follows at once; when Redis
    // drops the connection just now, the workers' reconciler adds it (it looks for records without one).
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.queue(record.lane).add(
          'run',
          { id: record.id },
          jobOptions(record.id, this.options.ttlMs),
        );
        return;
      } catch {
        await sleep(200 * (attempt + 1));
      }
    }
  }

  async get(id: string): Promise<JobRecord | undefined> {
    await this.connected();
    const text = await this.redis.get(keysOf(id).record);
    if (!text) return undefined;
    const record = JSON.parse(text) as JobRecord;
    if (record.status === 'running') {
      const job = await this.queue(record.lane)
        .getJob(id)
        .catch(() => undefined);
      if (typeof job?.progress === 'number') record.progress = job.progress;
    }
    return record;
  }

  async result(id: string): Promise<StoredResponse | undefined> {
    await this.connected();
    const own = keysOf(id);
    const [meta, body] = await Promise.all([this.redis.get(own.result), this.redis.getBuffer(own.body)]);
    if (!meta || !body) return undefined;
    return { ...(JSON.parse(meta) as Omit<StoredResponse, 'body'>), body };
  }

  async cancel(id: string): Promise<boolean> {
    await this.connected();
    const record = await this.get(id);
    if (!record) return false;
    const outcome = await scripts.cancel.run(this.redis, id, [
      new Date().toISOString(),
      Math.ceil(this.options.ttlMs / 1000),
    ]);
    if (outcome === 1) {
      // Whichever worker runs it stops; a waiting entry goes (one that is locked stays, and ends at once).
      await this.redis.publish(jobKeys.cancelChannel, id);
      await this.queue(record.lane)
        .remove(id)
        .catch(() => 0);
    }
    return outcome !== 0;
  }

  /** Whether a worker has written its heartbeat lately (EXECUTION=queue's readiness). */
  async workersSeen(): Promise<boolean> {
    await this.connected();
    return (await this.redis.exists(jobKeys.workerSeen)) === 1;
  }

  async runAndWait(record: JobRecord, input: JobInput, signal: AbortSignal): Promise<StoredResponse> {
    await this.submit(record, input);
    const startBy = Date.now() + this.options.waitMs.start;
    const endBy = Date.now() + this.options.waitMs.total;
    for (let round = 0; ; round++) {
      const response = await this.result(record.id).catch(() => undefined);
      if (response) return response;
      const now = Date.now();
      let late = now > endBy;
      if (!late && now > startBy) {
        const status = (await this.get(record.id).catch(() => undefined))?.status;
        late = status === 'queued';
      }
      if (late || signal.aborted) {
        // No worker took it in time (or the client left): it is not to run later for nobody.
        await this.cancel(record.id).catch(() => false);
        const error = new ApiError('TIMEOUT', 'No worker took the request in time. Try again shortly.');
        return storedError(error, this.options.retryAfterSeconds);
      }
      await sleep(round < 20 ? 50 : 200);
    }
  }

  /** Jobs by status, from the counts the state changes keep beside the records. */
  async counts(): Promise<Record<JobStatus, number>> {
    const counts = emptyCounts();
    const stored = await this.redis.hgetall(jobKeys.counts);
    for (const status of Object.keys(counts) as JobStatus[]) {
      counts[status] = Math.max(0, Number(stored[status] ?? 0));
    }
    return counts;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.work?.stop();
    await Promise.all([...this.queues.values()].map((q) => closed(q.close())));
    await closed(this.redis.quit());
    this.redis.disconnect();
  }
}
