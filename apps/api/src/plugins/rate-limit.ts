import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set where rate limits apply: counts a request about to be refused for its API key against its
     * address's allowance, and throws 429 RATE_LIMITED (with Retry-After) once that is spent.
     */
    countRefusedKey?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** How long start-up waits for Redis before going on without it. */
const connectWaitMs = 3000;

export interface RateLimitOptions {
  enabled: boolean;
  max: number;
  windowMs: number;
  /** Share counters between instances through Redis; in memory when absent. */
  redisUrl: string | undefined;
  /** Paths that are never limited (the health check). */
  exempt: readonly string[];
}

/**
 * Per-client-IP rate limiting for the scope it is registered in (the API; static files are not
 * limited), with the standard RateLimit-* headers and Retry-After on 429; requests refused for their
 * API key count too (`countRefusedKey`). When Redis is down the limiter lets requests through
 * rather than failing them.
 */
export const rateLimitPlugin = fp(
  async (app, options: RateLimitOptions) => {
    if (!options.enabled) return;
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          // Fail fast instead of queueing commands while disconnected; the limiter then skips.
          enableOfflineQueue: false,
          // No ready check: its INFO command fails unhandled when a connection closes while it starts.
          enableReadyCheck: false,
          maxRetriesPerRequest: 1,
          connectTimeout: connectWaitMs,
          lazyConnect: false,
        })
      : undefined;
    if (redis) {
      redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        // quit() on a connection that never came up retries it, and its failures surface unhandled.
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      });
      // Start with the shared counters when Redis answers; if it does not, start anyway (limits
      // are skipped until it does) rather than refuse to serve.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, connectWaitMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        redis.once('ready', done);
        redis.once('error', done);
      });
    }
    const exempt = new Set(options.exempt);
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.windowMs,
      enableDraftSpec: true,
      skipOnError: true,
      nameSpace: 'toolkit-rate-limit:',
      ...(redis ? { redis } : {}),
      allowList: (request) => exempt.has(request.routeOptions.url ?? ''),
      // With API keys on, each key has its own allowance (the key's hash, never the key).
      keyGenerator: (request) => (request.apiKeyId ? `key:${request.apiKeyId}` : request.ip),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new ApiError(
          'RATE_LIMITED',
          `Too many requests: the limit is ${context.max} per ${Math.round(options.windowMs / 1000)} s. Try again in ${seconds} s.`,
        );
      },
    });
    // The api-keys plugin refuses a wrong or missing key before the routes' limit runs; this lets
    // it count those requests first (by address: they carry no key of their own), so keys cannot be
    // guessed at full speed. The same counter and answer as the routes' limit.
    const limitByAddress = app.rateLimit();
    app.decorate('countRefusedKey', async (request: FastifyRequest, reply: FastifyReply) => {
      await limitByAddress.call(app, request, reply);
    });
  },
  { name: 'api-rate-limit' },
);
