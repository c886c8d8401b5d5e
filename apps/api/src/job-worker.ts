import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { createCore } from './core/core.js';
import { setUpJobs } from './jobs/setup.js';
import { configureImageRuntime } from './operations/image/runtime.js';
import { configureHeavyNice } from './runtime/priority.js';
import { closeWorkerPool, configureWorkerPool } from './runtime/worker-pool.js';
import { handlers } from './tools/handlers.js';
import { startHeartbeat } from './worker-health.js';

/*
 * `npm run worker`: a process that runs jobs from the Redis queues (REDIS_URL) through the execution
 * core, and serves no HTTP. Start any number, on any machine sharing the Redis. SIGTERM takes no new
 * job, lets the running ones finish for most of SHUTDOWN_TIMEOUT_MS and hands the rest back to the
 * queue (queued again, not counted as an attempt: jobs/redis-work.ts); a worker killed outright
 * leaves its jobs to the others within twice JOB_LOCK_MS (BullMQ's stalled-job check).
 */

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
  if (!config.rateLimit.redisUrl) throw new ConfigError('Invalid environment: a worker needs REDIS_URL.');
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const log = pino({
  level: config.logLevel,
  ...(config.logFormat === 'pretty'
    ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : {}),
});
configureImageRuntime({ concurrency: config.runtime.sharpConcurrency });
configureWorkerPool({ lightThreads: config.lanes.light.concurrency });
configureHeavyNice(config.runtime.heavyNice);
const jobs = await setUpJobs(createCore(config, handlers), log, 'worker');
log.info({ concurrency: config.jobs.concurrency }, 'worker started: running jobs from Redis');
// The deploy files' worker probes read this file (compose healthcheck, Kubernetes exec probes).
const heartbeat = startHeartbeat({
  onError: (err) => log.warn({ err: err.message }, 'worker heartbeat not written'),
});

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping: finishing running jobs');
  setTimeout(() => process.exit(1), config.timeouts.shutdownMs).unref();
  await jobs.engine.close();
  await heartbeat.stop();
  await closeWorkerPool();
  process.exit(0);
}
process.once('SIGTERM', (s) => void stop(s));
process.once('SIGINT', (s) => void stop(s));
