import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTool, laneOf, pipelineOperation, type ToolId, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { InProcessJobs } from './in-process.js';
import { type JobsOptions, statusDocument } from './plugin.js';
import { createExecutor, internalHeader, isInternal } from './runner.js';
import type { Execute, JobEngine, JobRecord } from './types.js';
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

/**
 * The jobs of one app: the secret that marks its own injected requests, the engine (in this process,
 * or BullMQ with REDIS_URL, loaded only then), and the plugin's options. The app closes the engine.
 * `execute` runs an already admitted request in this app (a job's, or a pipeline step's).
 */
export async function setUpJobs(
  app: FastifyInstance,
  config: Config,
  role: 'http' | 'worker',
): Promise<JobsOptions & { execute: Execute }> {
  const secret = randomBytes(16);
  app.addHook('onRequest', async (request) => {
    if (isInternal(request.headers[internalHeader], secret)) request.internal = true;
  });
  const execute = createExecutor(app, secret);
  const onFinished = webhookSender(config);
  let engine: JobEngine;
  if (config.rateLimit.redisUrl) {
    const { RedisJobs } = await import('./redis.js');
    engine = new RedisJobs({
      url: config.rateLimit.redisUrl,
      ttlMs: config.jobs.ttlMs,
      lockMs: config.jobs.lockMs,
      onRunEnded: (id, stored) => app.log.info({ job: id, stored }, 'job run ended'),
      // A worker runs jobs; an HTTP instance too, unless EXECUTION=queue leaves them to the workers.
      work:
        role === 'worker' || config.jobs.execution === 'direct'
          ? { execute, concurrency: config.jobs.concurrency, onFinished }
          : undefined,
    });
  } else {
    engine = new InProcessJobs({
      execute,
      dir: config.jobs.dir ?? join(tmpdir(), `toolkit-jobs-${randomUUID()}`),
      concurrency: config.jobs.concurrency,
      maxQueued: config.jobs.maxQueued,
      ttlMs: config.jobs.ttlMs,
      onFinished,
    });
  }
  app.addHook('onClose', () => engine.close());
  return {
    execute,
    engine,
    queueSynchronous: config.jobs.execution === 'queue',
    webhooks: { enabled: Boolean(config.jobs.webhookSecret), allowPrivate: config.jobs.webhookAllowPrivate },
    retryAfterSeconds: config.loadShedding.retryAfterSeconds,
    laneOf,
    toolOf: (request: FastifyRequest) => {
      const { tool, maxBodyBytes } = request.routeOptions.config ?? {};
      if (!tool || !maxBodyBytes) return undefined;
      const spec = tool === pipelineOperation.id ? pipelineOperation : getTool(tool as ToolId);
      return { spec: spec as ToolSpec, maxBodyBytes };
    },
  };
}
