import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiVersion, defaultLimits } from '@toolkit/catalog';
import { z } from 'zod';

/*
 * The only reader of process.env. Every variable is validated and has a default; README.md lists
 * them all (a test checks that the two agree). Paths are resolved against the server's own file
 * (src/ in development, dist/ when built, both one level under apps/api), never the cwd.
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
  HOST: z.string().default('0.0.0.0'),
  PORT: int(3000, 0, 65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_ROOT: z.string().default(defaultWebRoot),
  TRUST_PROXY: z.string().default('false'),
  CORS_ORIGIN: z.string().default('*'),
  CSP_CONNECT_SRC: list,
  IMAGE_MAX_UPLOAD_BYTES: int(defaultLimits.imageUploadBytes, 1),
  UPLOAD_MAX_BYTES: int(defaultLimits.otherUploadBytes, 1),
  BODY_MAX_BYTES: int(defaultLimits.textBodyBytes, 1),
  IMAGE_MAX_INPUT_PIXELS: int(defaultLimits.maxInputPixels, 1),
  IMAGE_MAX_SIDE: int(defaultLimits.maxImageSide, 1, defaultLimits.maxImageSide),
  MULTIPART_MAX_FILES: int(10, 1, 1000),
  MULTIPART_MAX_FIELDS: int(50, 1, 1000),
  MULTIPART_MAX_FIELD_BYTES: int(64 * 1024, 1),
  REQUEST_TIMEOUT_MS: int(defaultLimits.requestTimeoutMs, 1000),
  AUDIO_TIMEOUT_MS: int(defaultLimits.audioTimeoutMs, 1000),
  AUDIO_MAX_DURATION_SECONDS: int(defaultLimits.audioMaxDurationSeconds, 1),
  AUDIO_MAX_PROCESSES: int(0, 0, 1000),
  FFMPEG_PATH: z.string().optional(),
  TEXT_TO_PDF_MAX_CHARACTERS: int(defaultLimits.textToPdfMaxCharacters, 1),
  UPLOAD_TIMEOUT_MS: int(120_000, 1000),
  UPLOAD_IDLE_TIMEOUT_MS: int(10_000, 100),
  UPLOAD_QUEUE_TIMEOUT_MS: int(30_000, 0),
  UPLOAD_MIN_BYTES_PER_SECOND: int(2048, 0),
  UPLOAD_RATE_GRACE_MS: int(5000, 0),
  UPLOAD_RATE_WINDOW_MS: int(5000, 100),
  UPLOADS_PER_CLIENT: int(0, 0, 10_000),
  HEADERS_TIMEOUT_MS: int(10_000, 1000),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0),
  RATE_LIMIT_ENABLED: flag(true),
  RATE_LIMIT_MAX: int(120, 1),
  RATE_LIMIT_WINDOW_MS: int(60_000, 1000),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  SHED_MAX_EVENT_LOOP_DELAY_MS: int(1000, 0),
  SHED_RETRY_AFTER_SECONDS: int(5, 1, 3600),
  SHED_SAMPLE_INTERVAL_MS: int(500, 10, 60_000),
  // Read by libuv itself when Node starts (an ES module server cannot change it afterwards); here
  // it only sizes the libvips threads per image below.
  UV_THREADPOOL_SIZE: int(4, 1, 1024),
  SHARP_CONCURRENCY: int(0, 0, 1024),
  // Lanes (API.md "Heavy work is isolated"): a slot is held from reading the body to the end of the work.
  LANE_IMAGES_CONCURRENCY: int(0, 0, 10_000).describe(
    'Image requests (libvips) at once; 0: twice the CPU cores.',
  ),
  LANE_IMAGES_QUEUE: int(64, 0, 100_000).describe(
    'Image requests that may wait; one more gets 503 OVERLOADED with Retry-After at once.',
  ),
  LANE_WORKERS_CONCURRENCY: int(0, 0, 10_000).describe(
    'Requests for the JavaScript worker threads (PDF, office formats, large data and text) at once; 0: twice the CPU cores.',
  ),
  LANE_WORKERS_QUEUE: int(64, 0, 100_000).describe(
    'Worker-thread requests that may wait; one more gets 503 at once.',
  ),
  LANE_PROGRAMS_CONCURRENCY: int(0, 0, 10_000).describe(
    'Requests for external programs (ffmpeg, LibreOffice) at once; 0: twice the CPU cores.',
  ),
  LANE_PROGRAMS_QUEUE: int(64, 0, 100_000).describe(
    'External-program requests that may wait; one more gets 503 at once.',
  ),
  LANE_LIGHT_CONCURRENCY: int(0, 0, 10_000).describe(
    'Light requests (data, text and detection bodies up to LANE_LIGHT_MAX_BYTES) at once, each on worker threads of their own; 0: the CPU cores, at least 2.',
  ),
  LANE_LIGHT_QUEUE: int(64, 0, 100_000).describe('Light requests that may wait; one more gets 503 at once.'),
  LANE_LIGHT_MAX_BYTES: int(64 * 1024, 0).describe(
    'Largest body (Content-Length) of a data, text or detection request that runs in the light lane; larger ones run in the workers lane.',
  ),
  SOFFICE_PATH: z.string().optional(),
  SOFFICE_MAX_CONCURRENT: int(1, 1, 64),
  SOFFICE_TIMEOUT_MS: int(25_000, 1000),
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
      multipartFiles: e.MULTIPART_MAX_FILES,
      multipartFields: e.MULTIPART_MAX_FIELDS,
      multipartFieldBytes: e.MULTIPART_MAX_FIELD_BYTES,
      audioMaxDurationSeconds: e.AUDIO_MAX_DURATION_SECONDS,
      textToPdfMaxCharacters: e.TEXT_TO_PDF_MAX_CHARACTERS,
    },
    media: {
      ffmpegPath: e.FFMPEG_PATH,
      // ffmpeg encodes audio on one core: about one conversion per core.
      audioMaxProcesses: e.AUDIO_MAX_PROCESSES || availableParallelism(),
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      audioMs: e.AUDIO_TIMEOUT_MS,
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
    },
    // Twice the cores by default: while one request's body arrives, another's work has a core.
    lanes: {
      images: lane(e.LANE_IMAGES_CONCURRENCY || 2 * cores, e.LANE_IMAGES_QUEUE),
      workers: lane(e.LANE_WORKERS_CONCURRENCY || 2 * cores, e.LANE_WORKERS_QUEUE),
      programs: lane(e.LANE_PROGRAMS_CONCURRENCY || 2 * cores, e.LANE_PROGRAMS_QUEUE),
      light: lane(e.LANE_LIGHT_CONCURRENCY || Math.max(2, cores), e.LANE_LIGHT_QUEUE),
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
  return toConfig(parsed.data);
}
