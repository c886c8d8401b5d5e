import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiVersion, defaultLimits } from '@toolkit/catalog';
import { z } from 'zod';
import { parseHostList } from './net/guarded-fetch.js';

/*
 * The only reader of process.env. Every variable is validated, has a default and a description;
 * docs/configuration.md is generated from this schema (`npm run docs:config`). Paths are resolved
 * against the server's own file (src/ in development, dist/ when built, both one level under
 * apps/api), never the cwd.
 */

const serverDir = dirname(fileURLToPath(import.meta.url));
const defaultWebRoot = resolve(serverDir, '../../web/build/client');

const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `must be a whole number between ${min} and ${max}` })
    .int({ error: `must be a whole number between ${min} and ${max}` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

const flag = (fallback: boolean) => z.stringbool({ error: 'must be true or false' }).default(fallback);

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const envSchema = z.object({
  HOST: z.string().default('0.0.0.0').describe('Interface to listen on.'),
  PORT: int(3000, 0, 65535).describe('Port to listen on (`npm run dev` uses 3001).'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Least severe log level written.'),
  LOG_FORMAT: z
    .enum(['json', 'pretty'])
    .default('json')
    .describe(
      '`json`: one structured line per event; `pretty`: for development (needs the dev dependency pino-pretty).',
    ),
  WEB_ROOT: z
    .string()
    .default(defaultWebRoot)
    .describe(
      'The website build to serve; a relative path is resolved from the server file, not the working directory. Missing: API only.',
    ),
  TRUST_PROXY: z
    .string()
    .default('false')
    .describe(
      'Whose `X-Forwarded-For` is trusted (the client address drives rate limits): `true`, `false`, a number of proxy hops, or comma-separated proxy addresses/CIDRs.',
    ),
  CORS_ORIGIN: z
    .string()
    .default('*')
    .describe(
      'API routes only: `*` for any origin, comma-separated origins, or `false` for no CORS headers.',
    ),
  CSP_CONNECT_SRC: list.describe(
    "Comma-separated origins added to the pages' CSP `connect-src`, when the website calls an API on another origin.",
  ),
  IMAGE_MAX_UPLOAD_BYTES: int(defaultLimits.imageUploadBytes, 1).describe('Largest image upload, in bytes.'),
  UPLOAD_MAX_BYTES: int(defaultLimits.otherUploadBytes, 1).describe(
    'Largest upload of any other kind, in bytes.',
  ),
  BODY_MAX_BYTES: int(defaultLimits.textBodyBytes, 1).describe('Largest JSON or text body, in bytes.'),
  IMAGE_MAX_INPUT_PIXELS: int(defaultLimits.maxInputPixels, 1).describe(
    "Largest decoded image in pixels (per frame; an animation's frames together); larger gets 413 before decoding.",
  ),
  IMAGE_MAX_SIDE: int(defaultLimits.maxImageSide, 1, defaultLimits.maxImageSide).describe(
    'Largest side of an output image, in pixels.',
  ),
  IMAGE_MAX_AVIF_PIXELS: int(defaultLimits.maxAvifPixels, 1).describe(
    'Largest AVIF output, in pixels: AVIF encoding costs about 20–60× as much as JPEG; larger is refused up front with 413.',
  ),
  MULTIPART_MAX_FILES: int(10, 1, 1000).describe('Files per multipart request.'),
  MULTIPART_MAX_FIELDS: int(50, 1, 1000).describe('Text fields per multipart request.'),
  MULTIPART_MAX_FIELD_BYTES: int(64 * 1024, 1).describe(
    'Largest text field value of a multipart request, in bytes.',
  ),
  REQUEST_TIMEOUT_MS: int(defaultLimits.requestTimeoutMs, 1000).describe(
    'Processing time per request once its upload is in; then 503 `TIMEOUT`.',
  ),
  AUDIO_TIMEOUT_MS: int(defaultLimits.audioTimeoutMs, 1000).describe(
    'Processing time per audio conversion once its upload is in; then 503 `TIMEOUT`.',
  ),
  PIPELINE_TIMEOUT_MS: int(300_000, 1000).describe(
    "Longest a pipeline may take: the sum of its steps' processing times; a longer sum is refused before it starts (400 `PIPELINE_INVALID`), a run past it gets 503 `TIMEOUT`.",
  ),
  AUDIO_MAX_DURATION_SECONDS: int(defaultLimits.audioMaxDurationSeconds, 1).describe(
    'Longest audio accepted (read from its header before converting); longer gets 413.',
  ),
  FFMPEG_PATH: z
    .string()
    .optional()
    .describe(
      'The ffmpeg to run. Unset: a system `ffmpeg` on `PATH` with the needed encoders, else the one in `@ffmpeg-installer/ffmpeg`.',
    ),
  TEXT_TO_PDF_MAX_CHARACTERS: int(defaultLimits.textToPdfMaxCharacters, 1).describe(
    'Most characters typeset into one PDF; more gets 413.',
  ),
  UPLOAD_TIMEOUT_MS: int(120_000, 1000).describe(
    'Time to receive a whole request; then 408 `REQUEST_TIMEOUT`.',
  ),
  UPLOAD_IDLE_TIMEOUT_MS: int(10_000, 100).describe(
    'An upload that receives no byte for this long gets 408 `REQUEST_TIMEOUT` and frees its upload slot.',
  ),
  UPLOAD_QUEUE_TIMEOUT_MS: int(30_000, 0).describe(
    "Longest wait in a lane's queue; then 503 `OVERLOADED` with `Retry-After`. `0`: no limit.",
  ),
  UPLOAD_MIN_BYTES_PER_SECOND: int(2048, 0).describe(
    'After `UPLOAD_RATE_GRACE_MS`, an upload slower than this over `UPLOAD_RATE_WINDOW_MS` gets 408 `REQUEST_TIMEOUT`. `0`: off.',
  ),
  UPLOAD_RATE_GRACE_MS: int(5000, 0).describe(
    'Time an upload may take to get going before the minimum rate applies.',
  ),
  UPLOAD_RATE_WINDOW_MS: int(5000, 100).describe(
    'The sliding window over which the upload rate is averaged.',
  ),
  UPLOADS_PER_CLIENT: int(0, 0, 10_000).describe(
    "Slots of one lane one client address may hold at once; its further requests wait. `0`: half of the lane's slots.",
  ),
  HEADERS_TIMEOUT_MS: int(10_000, 1000).describe(
    "Time to receive a request's headers; then 408 `REQUEST_TIMEOUT` and the connection closes.",
  ),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0).describe(
    'How long a shutdown waits for requests in flight before exiting anyway (exit code 1).',
  ),
  RATE_LIMIT_ENABLED: flag(true).describe('`false` turns rate limiting off.'),
  RATE_LIMIT_MAX: int(120, 1).describe('Requests per client address per window (raise it for load tests).'),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1000).describe('Length of the rate-limit window.'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional()
    .describe(
      '`redis://` or `rediss://` URL where every instance shares rate-limit counters. Unset: counted in memory.',
    ),
  SHED_MAX_EVENT_LOOP_DELAY_MS: int(1000, 0).describe(
    'Answer 503 with `Retry-After` while the event loop lags more than this. `0`: off.',
  ),
  SHED_RETRY_AFTER_SECONDS: int(5, 1, 3600).describe('`Retry-After` of those 503s.'),
  SHED_SAMPLE_INTERVAL_MS: int(500, 10, 60_000).describe('How often the event-loop lag is measured.'),
  // Read by libuv itself when Node starts (an ES module server cannot change it afterwards); here
  // it only sizes the libvips threads per image below.
  UV_THREADPOOL_SIZE: int(4, 1, 1024).describe(
    "libuv's thread pool: how many images are processed side by side. Node reads it at start, so set it in the `node` process's environment.",
  ),
  SHARP_CONCURRENCY: int(0, 0, 1024).describe(
    'libvips threads per image. `0`: CPU cores ÷ `UV_THREADPOOL_SIZE`, at least 1.',
  ),
  HEAVY_WORK_NICE: int(10, 0, 19).describe(
    "Nice value (Linux) of the threads and programs doing heavy work (libvips, the heavy worker threads, ffmpeg, LibreOffice), so that the event loop and light requests get the CPU first; `0`: all at the server's own priority.",
  ),
  // Lanes (API.md "Heavy work is isolated"): a slot is held from reading the body to the end of the work.
  LANE_QUEUE: int(64, 0, 100_000).describe(
    'Requests that may wait for a slot of each lane; one more gets 503 `OVERLOADED` with `Retry-After` at once.',
  ),
  LANE_IMAGES_CONCURRENCY: int(0, 0, 10_000).describe(
    'Image requests (libvips) at once; `0`: twice the CPU cores.',
  ),
  LANE_WORKERS_CONCURRENCY: int(0, 0, 10_000).describe(
    'Requests for the JavaScript worker threads (PDF, office formats, large data and text) at once; `0`: twice the CPU cores.',
  ),
  LANE_PROGRAMS_CONCURRENCY: int(0, 0, 10_000).describe(
    'Requests for external programs (ffmpeg) at once: the one limit on ffmpeg processes; `0`: the CPU cores.',
  ),
  LANE_LIGHT_CONCURRENCY: int(0, 0, 10_000).describe(
    'Light requests (data, text and detection bodies up to `LANE_LIGHT_MAX_BYTES`) at once, each on worker threads of their own; `0`: the CPU cores, at least 2.',
  ),
  LANE_LIGHT_MAX_BYTES: int(64 * 1024, 0).describe(
    'Largest body (`Content-Length`) of a data, text or detection request that runs in the light lane; larger ones run in the workers lane.',
  ),
  SOFFICE_PATH: z
    .string()
    .optional()
    .describe(
      "LibreOffice's `soffice`, for office → PDF conversions. Unset: `soffice` in its usual places; none found: those conversions are off.",
    ),
  SOFFICE_MAX_CONCURRENT: int(1, 1, 64).describe(
    'LibreOffice conversions at once (each takes a core and about 200 MB); later ones wait.',
  ),
  SOFFICE_TIMEOUT_MS: int(25_000, 1000).describe(
    'Longest one LibreOffice conversion may run; then it is killed and the request gets 503 `TIMEOUT`.',
  ),
  API_KEYS: list.describe(
    'Comma-separated API keys: when set (or API_KEYS_FILE), every operation needs `Authorization: Bearer <key>` or `X-API-Key: <key>`. Health, ready and openapi.json stay open.',
  ),
  API_KEYS_FILE: z
    .string()
    .optional()
    .describe('A file of API keys, one a line (blank lines and `#` comments skipped), added to API_KEYS.'),
  METRICS_TOKEN: z
    .string()
    .optional()
    .describe('When set, `GET /metrics` needs `Authorization: Bearer <token>`.'),
  READY_CACHE_MS: int(10_000, 0).describe(
    'How long one round of engine checks (`GET /api/v1/ready`) is reused.',
  ),
  EXECUTION: z
    .enum(['direct', 'shared', 'queue'])
    .default('direct')
    .describe(
      '`direct`: an instance runs its requests and jobs itself (jobs through Redis with REDIS_URL, else in memory). `shared`: the same, as one of several instances (the deploy files set it): REDIS_URL is required, so that jobs and rate limits are shared. `queue`: HTTP instances hand synchronous requests to the workers (`npm run worker`) and wait for them; needs REDIS_URL.',
    ),
  JOB_RESULT_TTL_SECONDS: int(3600, 1).describe('How long a finished job and its result are kept.'),
  JOBS_CONCURRENCY: int(2, 1, 1000).describe(
    'Jobs one process runs at once (the embedded engine, or each lane of a worker).',
  ),
  JOBS_MAX_QUEUED_BYTES: int(256 * 1024 * 1024, 1).describe(
    'Bytes of input the queued jobs may hold (on disk for the embedded engine, in Redis with REDIS_URL); the finished results kept have the same cap. Past either, a new job gets 503 `OVERLOADED` with `Retry-After`.',
  ),
  JOBS_DIR: z
    .string()
    .optional()
    .describe(
      "Where the embedded engine keeps its jobs: queued inputs, records and results, so that they survive a restart and run after it. Unset: a private folder in the system's temporary directory, removed at stop.",
    ),
  WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe('Signs webhooks (`Webhook-Signature`, HMAC-SHA256). Unset: a `Callback-Url` is refused.'),
  WEBHOOK_ALLOW_PRIVATE: flag(false).describe(
    'Let webhooks reach loopback and private addresses (tests, a private network). Off: such a `Callback-Url` is 400.',
  ),
  WEBHOOK_RETRY_BASE_MS: int(1000, 1).describe(
    'Delay before the first webhook retry; each next one doubles it (5 attempts in all).',
  ),
  JOB_LOCK_MS: int(30_000, 1000).describe(
    'How long a worker holds a job without a sign of life before another worker takes it over (Redis): a job whose worker died runs again within twice this.',
  ),
  WORKER_HEARTBEAT_MS: int(5000, 100).describe(
    'How often job workers tell Redis they are there; with `EXECUTION=queue`, `/api/v1/ready` is 503 when none has for three times this.',
  ),
  // URL inputs, signed links, the result cache and idempotency (API.md "Inputs from anywhere").
  URL_FETCH_TIMEOUT_MS: int(15_000, 100).describe(
    'Longest a `url` input may take to fetch, redirects and body included; then 422 `URL_FETCH_FAILED`.',
  ),
  URL_FETCH_ALLOW_HOSTS: z
    .string()
    .optional()
    .describe(
      'Comma-separated host names a `url` input may name (`*.example.com` for its subdomains). Unset: any public host.',
    ),
  URL_FETCH_ALLOW_PRIVATE: flag(false).describe(
    'Let `url` inputs reach loopback and private addresses (tests, a closed network). Off: such a URL is 400 `INVALID_URL`.',
  ),
  URL_SIGNING_KEY: z
    .string()
    .optional()
    .describe(
      'Signs GET links (HMAC-SHA256, `npm run sign-url`): a GET with a valid `signature` needs no API key, one without a key and a valid signature is 403 `INVALID_SIGNATURE`. Unset: GETs need an API key like any request.',
    ),
  CACHE_MAX_AGE_SECONDS: int(3600, 0).describe('`Cache-Control: public, max-age=` of GET answers.'),
  RESULT_CACHE_BYTES: int(256 * 1024 * 1024, 0).describe(
    'Bytes of answers kept to answer the same request again (`X-Cache: HIT`), in memory or in Redis with REDIS_URL. `0`: off.',
  ),
  IDEMPOTENCY_TTL_SECONDS: int(86_400, 1).describe(
    'How long an `Idempotency-Key` answers the job it started.',
  ),
});

export type Env = z.input<typeof envSchema>;

/** `'*'`, a list of allowed origins, or false for no CORS headers at all. */
export type CorsOrigins = '*' | string[] | false;

/** Fastify's trustProxy: true/false, a number of proxy hops in front of us, or trusted addresses. */
function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseCors(value: string): CorsOrigins {
  const v = value.trim();
  if (v === '*' || v === '') return '*';
  if (/^(false|none|off)$/i.test(v)) return false;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * API_KEYS (comma-separated) and API_KEYS_FILE (one key a line; blank lines and # comments
 * skipped) together. A file that cannot be read is a ConfigError: a server never starts open by
 * mistake.
 */
function readApiKeys(inline: readonly string[], file: string | undefined): string[] {
  let fromFile: string[] = [];
  if (file) {
    try {
      fromFile = readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'));
    } catch {
      throw new ConfigError(`Invalid environment: API_KEYS_FILE ${file} cannot be read.`);
    }
  }
  return [...new Set([...inline, ...fromFile])];
}

function toConfig(e: z.output<typeof envSchema>) {
  const cores = availableParallelism();
  const lane = (concurrency: number, queue: number) => ({
    concurrency,
    queue,
    // One address never holds every slot of a lane (half of them by default): the others stay
    // available to everyone else while it sends slowly.
    perClient: e.UPLOADS_PER_CLIENT || Math.max(1, Math.floor(concurrency / 2)),
    maxWaitMs: e.UPLOAD_QUEUE_TIMEOUT_MS,
  });
  return {
    version: apiVersion,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webRoot: isAbsolute(e.WEB_ROOT) ? e.WEB_ROOT : resolve(serverDir, e.WEB_ROOT),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: parseCors(e.CORS_ORIGIN),
    cspConnectSrc: e.CSP_CONNECT_SRC,
    limits: {
      imageUploadBytes: e.IMAGE_MAX_UPLOAD_BYTES,
      uploadBytes: e.UPLOAD_MAX_BYTES,
      bodyBytes: e.BODY_MAX_BYTES,
      maxInputPixels: e.IMAGE_MAX_INPUT_PIXELS,
      maxImageSide: e.IMAGE_MAX_SIDE,
      maxAvifPixels: e.IMAGE_MAX_AVIF_PIXELS,
      textToPdfMaxJoinedMarks: defaultLimits.textToPdfMaxJoinedMarks,
      pdfMaxInflatedBytes: defaultLimits.pdfMaxInflatedBytes,
      multipartFiles: e.MULTIPART_MAX_FILES,
      multipartFields: e.MULTIPART_MAX_FIELDS,
      multipartFieldBytes: e.MULTIPART_MAX_FIELD_BYTES,
      audioMaxDurationSeconds: e.AUDIO_MAX_DURATION_SECONDS,
      textToPdfMaxCharacters: e.TEXT_TO_PDF_MAX_CHARACTERS,
    },
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      // ffmpeg encodes audio on one core: about one conversion per core.
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      audioMs: e.AUDIO_TIMEOUT_MS,
      pipelineMs: e.PIPELINE_TIMEOUT_MS,
      uploadMs: e.UPLOAD_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    uploadPace: {
      idleMs: e.UPLOAD_IDLE_TIMEOUT_MS,
      minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      graceMs: e.UPLOAD_RATE_GRACE_MS,
      windowMs: e.UPLOAD_RATE_WINDOW_MS,
    },
    rateLimit: {
      enabled: e.RATE_LIMIT_ENABLED,
      max: e.RATE_LIMIT_MAX,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      redisUrl: e.REDIS_URL,
    },
    loadShedding: {
      maxEventLoopDelayMs: e.SHED_MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
      sampleIntervalMs: e.SHED_SAMPLE_INTERVAL_MS,
    },
    runtime: {
      threadpoolSize: e.UV_THREADPOOL_SIZE,
      // Images run side by side on the libuv pool; give each enough libvips threads that together
      // they use every core (one each on small machines).
      sharpConcurrency:
        e.SHARP_CONCURRENCY || Math.max(1, Math.round(availableParallelism() / e.UV_THREADPOOL_SIZE)),
      heavyNice: e.HEAVY_WORK_NICE,
    },
    access: {
      apiKeys: readApiKeys(e.API_KEYS, e.API_KEYS_FILE),
      metricsToken: e.METRICS_TOKEN,
    },
    readyCacheMs: e.READY_CACHE_MS,
    jobs: {
      // `shared` only adds the start-up check on REDIS_URL: it runs as `direct` does.
      execution: e.EXECUTION === 'queue' ? ('queue' as const) : ('direct' as const),
      ttlMs: e.JOB_RESULT_TTL_SECONDS * 1000,
      concurrency: e.JOBS_CONCURRENCY,
      maxQueuedBytes: e.JOBS_MAX_QUEUED_BYTES,
      dir: e.JOBS_DIR,
      webhookSecret: e.WEBHOOK_SECRET,
      webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      lockMs: e.JOB_LOCK_MS,
      heartbeatMs: e.WORKER_HEARTBEAT_MS,
    },
    urlInputs: {
      timeoutMs: e.URL_FETCH_TIMEOUT_MS,
      allowHosts: parseHostList(e.URL_FETCH_ALLOW_HOSTS),
      allowPrivate: e.URL_FETCH_ALLOW_PRIVATE,
    },
    signingKey: e.URL_SIGNING_KEY,
    resultCache: { maxBytes: e.RESULT_CACHE_BYTES, maxAgeSeconds: e.CACHE_MAX_AGE_SECONDS },
    idempotencyTtlSeconds: e.IDEMPOTENCY_TTL_SECONDS,
    // Twice the cores by default: while one request's body arrives, another's work has a core.
    lanes: {
      images: lane(e.LANE_IMAGES_CONCURRENCY || 2 * cores, e.LANE_QUEUE),
      workers: lane(e.LANE_WORKERS_CONCURRENCY || 2 * cores, e.LANE_QUEUE),
      programs: lane(e.LANE_PROGRAMS_CONCURRENCY || cores, e.LANE_QUEUE),
      light: lane(e.LANE_LIGHT_CONCURRENCY || Math.max(2, cores), e.LANE_QUEUE),
    },
    lightMaxBytes: e.LANE_LIGHT_MAX_BYTES,
    // Office → PDF: LibreOffice, found at SOFFICE_PATH or its usual places; off when absent.
    soffice: {
      path: e.SOFFICE_PATH,
      maxConcurrent: e.SOFFICE_MAX_CONCURRENT,
      timeoutMs: e.SOFFICE_TIMEOUT_MS,
    },
  };
}

export type Config = ReturnType<typeof toConfig>;

/** Thrown when the environment holds a value that cannot be used; lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from an environment (process.env by default). Empty values count as
 * unset. Throws a ConfigError naming each bad variable.
 *
 * @example loadConfig({ PORT: '3100', RATE_LIMIT_MAX: '1000000' })
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(envSchema.shape);
  const input = Object.fromEntries(
    known.map((k) => [k, env[k]?.trim() ? env[k]?.trim() : undefined] as const),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}.`);
  }
  if (parsed.data.EXECUTION === 'queue' && !parsed.data.REDIS_URL) {
    throw new ConfigError(
      'Invalid environment: EXECUTION=queue needs REDIS_URL (the workers share its queues).',
    );
  }
  // Several instances without Redis would each keep their own jobs in memory: a job accepted by one
  // could not be read through another, and would be lost with it.
  if (parsed.data.EXECUTION === 'shared' && !parsed.data.REDIS_URL) {
    throw new ConfigError(
      'Invalid environment: EXECUTION=shared needs REDIS_URL (the instances share their jobs and rate limits through it).',
    );
  }
  return toConfig(parsed.data);
}
