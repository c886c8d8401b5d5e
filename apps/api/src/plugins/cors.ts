import cors from '@fastify/cors';
import { exposedHeaderNames, tools } from '@toolkit/catalog';
import fp from 'fastify-plugin';
import type { CorsOrigins } from '../config.js';

/** Response headers a browser script on another origin may read: every one the catalog documents. */
export const exposedHeaders = exposedHeaderNames(tools);

/**
 * CORS for the API scope it is registered in: open to every origin by default (the API is public
 * and uses no cookies), or limited to a configured list, or off.
 */
export const corsPlugin = fp(
  async (app, options: { origins: CorsOrigins }) => {
    if (options.origins === false) return;
    await app.register(cors, {
      origin: options.origins === '*' ? '*' : options.origins,
      methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      allowedHeaders: ['content-type', 'x-request-id', 'accept'],
      exposedHeaders,
      maxAge: 600,
      // An OPTIONS without Origin (a probe, curl) is not a preflight, but a plain 204 with the
      // allowed methods is a better answer than the plugin's text/plain 400.
      strictPreflight: false,
    });
  },
  { name: 'api-cors' },
);
