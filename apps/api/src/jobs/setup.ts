import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Core } from '../core/core.js';
import type { EngineCheck } from '../plugins/engine-checks.js';
import { createExecutor } from './executor.js';
import { InProcessJobs } from './in-process.js';
import { type JobEngine, type JobRecord, statusDocument } from './types.js';
import { deliverWebhook } from './webhook.js';

/** The finished job's webhook, when it asked for one. */
export function webhookSender(config: Config) {
  const { webhookSecret, webhookAllowPrivate, webhookRetryBaseMs } = config.jobs;
  return (record: JobRecord) => {
    if (!record.callbackUrl || !webhookSecret) return;
    void deliverWebhook(
      record.callbackUrl,
      { event: 'job.finished', data: statusDocument(record) },
      {
        secret: webhookSecret,
        allowPrivate: webhookAllowPrivate,
        retryBaseMs: webhookRetryBaseMs,
      },
    );
  };
}

export interface JobsOptions {
  engine: JobEngine;
  /** Hand synchronous requests to the engine as well (EXECUTION=queue). */
  queueSynchronous: boolean;
  webhooks: { enabled: boolean; allowPrivate: boolean };
  retryAfterSeconds: number;
  /** EXECUTION=queue on an HTTP instance: /ready is 503 while no worker has been seen lately. */
  workersCheck?: EngineCheck;
}

/** Ready while some worker's heartbeat is fresh (it expires after WORKER_HEARTBEAT_MS × 3). */
function workersCheck(engine: JobEngine): EngineCheck {
  return async () => {
    const seen = await (engine.workersSeen?.() ?? Promise.resolve(false)).catch(() => false);
    return seen
      ? { ok: true, required: true, version: null }
      : { ok: false, required: true, version: null, error: 'No job worker has been seen lately.' };
  };
}

/**
 * The jobs of one process: the engine (in this process, or BullMQ with REDIS_URL, loaded only then)
 * running each job through the execution core, and what the HTTP routes need of it. Whoever sets
 * it up closes the engine.
 */
export async function setUpJobs(
  core: Core,
  log: FastifyBaseLogger,
  role: 'http' | 'worker',
): Promise<JobsOptions> {
  const { config } = core;
  const execute = createExecutor(core, log);
  const onFinished = webhookSender(config);
  const { jobs, timeouts } = config;
  // A stop lets running jobs finish for most of SHUTDOWN_TIMEOUT_MS, and keeps the rest to hand back.
  const stopGraceMs = Math.max(timeouts.shutdownMs / 2, timeouts.shutdownMs - 3000);
  let engine: JobEngine;
  if (config.rateLimit.redisUrl) {
    const { RedisJobs } = await import('./redis.js');
    engine = new RedisJobs({
      url: config.rateLimit.redisUrl,
      ttlMs: jobs.ttlMs,
      lockMs: jobs.lockMs,
      maxQueuedBytes: jobs.maxQueuedBytes,
      maxResultBytes: jobs.maxQueuedBytes,
      // A synchronous call handed to the workers: answered 503 TIMEOUT when none starts it within
      // REQUEST_TIMEOUT_MS, or when it runs past the longest any operation may take.
      waitMs: {
        start: timeouts.requestMs,
        total: Math.max(timeouts.requestMs, timeouts.audioMs, timeouts.pipelineMs) + 5000,
      },
      retryAfterSeconds: config.loadShedding.retryAfterSeconds,
      heartbeatMs: jobs.heartbeatMs,
      // A worker runs jobs; an HTTP instance too, unless EXECUTION=queue leaves them to the workers.
      work:
        role === 'worker' || jobs.execution === 'direct'
          ? {
              execute,
              concurrency: jobs.concurrency,
              onFinished,
              stopGraceMs,
              log,
              onRunEnded: (id, stored) => log.info({ job: id, stored }, 'job run ended'),
            }
          : undefined,
    });
  } else {
    engine = new InProcessJobs({
      execute,
      dir: jobs.dir ?? join(tmpdir(), `toolkit-jobs-${randomUUID()}`),
      ownDir: !jobs.dir,
      concurrency: jobs.concurrency,
      maxQueuedBytes: jobs.maxQueuedBytes,
      ttlMs: jobs.ttlMs,
      stopGraceMs,
      onFinished,
    });
  }
  return {
    engine,
    queueSynchronous: jobs.execution === 'queue',
    webhooks: { enabled: Boolean(jobs.webhookSecret), allowPrivate: jobs.webhookAllowPrivate },
    retryAfterSeconds: config.loadShedding.retryAfterSeconds,
    ...(jobs.execution === 'queue' && role === 'http' ? { workersCheck: workersCheck(engine) } : {}),
  };
}
