import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

export interface LoadSheddingOptions {
  /** Shed when the event loop lags more than this (ms); 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** Shed tool requests beyond this many in flight at once; 0 turns the check off. */
  maxInFlight: number;
  retryAfterSeconds: number;
  sampleIntervalMs: number;
  /** Paths that are never shed (the health check). */
  exempt: readonly string[];
}

/**
 * Answers 503 with Retry-After instead of falling over: when the event loop lags, when too many
 * tool requests are already being worked on, and while the server is shutting down. Only the
 * scope it is registered in (the API) is affected; the health check never is.
 */
export const loadSheddingPlugin = fp(
  async (app, options: LoadSheddingOptions) => {
    const retryAfter = { 'retry-after': String(options.retryAfterSeconds) };
    const exempt = new Set(options.exempt);
    const isExempt = (request: FastifyRequest) => exempt.has(request.routeOptions.url ?? '');
    let inFlight = 0;
    let closing = false;

    app.addHook('preClose', async () => {
      closing = true;
    });

    if (options.maxEventLoopDelayMs > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: options.maxEventLoopDelayMs,
        sampleInterval: options.sampleIntervalMs,
        retryAfter: options.retryAfterSeconds,
        pressureHandler: (request, _reply, type, value) => {
          if (isExempt(request)) return undefined;
          request.log.warn({ type, value }, 'shedding load');
          return Promise.reject(
            new ApiError('OVERLOADED', 'The server is busy. Please try again in a few seconds.', {
              headers: retryAfter,
            }),
          );
        },
      });
    }

    app.addHook('onRequest', async (request, reply) => {
      if (closing && !isExempt(request)) {
        throw new ApiError('OVERLOADED', 'The server is restarting. Please try again in a few seconds.', {
          headers: retryAfter,
        });
      }
      if (!request.routeOptions.config.tool || options.maxInFlight === 0) return;
      if (inFlight >= options.maxInFlight) {
        throw new ApiError('OVERLOADED', 'The server is busy. Please try again in a few seconds.', {
          headers: retryAfter,
        });
      }
      inFlight += 1;
      // 'close' comes once the response is done or the client has gone, whichever is first.
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
    });
  },
  { name: 'load-shedding' },
);
