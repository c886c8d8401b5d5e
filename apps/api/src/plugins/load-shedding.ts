import underPressure from '@fastify/under-pressure';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverBusy, serverRestarting } from '../core/admission.js';

export interface LoadSheddingOptions {
  /** Shed when the event loop lags more than this (ms); 0 turns the check off. */
  maxEventLoopDelayMs: number;
  retryAfterSeconds: number;
  sampleIntervalMs: number;
  /** Paths that are never shed (the health check). */
  exempt: readonly string[];
}

/**
 * Answers 503 (the error handler adds Retry-After) instead of falling over: when the event loop
 * lags, and while the server is shutting down. Only the scope it is registered in (the API) is
 * affected; the health check never is. How many tool requests run or wait at once is the tool
 * routes' own admission (src/core/admission.ts), not a second counter here.
 */
export const loadSheddingPlugin = fp(
  async (app, options: LoadSheddingOptions) => {
    const exempt = new Set(options.exempt);
    const isExempt = (request: FastifyRequest) => exempt.has(request.routeOptions.url ?? '');
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
          return Promise.reject(serverBusy());
        },
      });
    }

    app.addHook('onRequest', async (request) => {
      if (closing && !isExempt(request)) throw serverRestarting();
    });
  },
  { name: 'load-shedding' },
);
