import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { verifySignedRequest } from '../net/signed-url.js';
import type { ToolRouteConfig } from './tool-route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A GET let in by its valid signature (URL_SIGNING_KEY) rather than an API key. */
    signedLink?: boolean;
  }
}

export interface SignedLinkOptions {
  /** URL_SIGNING_KEY; without it the plugin does nothing (a GET needs what a POST needs). */
  key: string | undefined;
  /** Unix seconds now (tests). */
  now?: () => number;
}

const presentsApiKey = (headers: Record<string, string | string[] | undefined>) =>
  headers.authorization !== undefined || headers['x-api-key'] !== undefined;

const refusals = {
  missing: 'This link is not signed: add its signature (npm run sign-url), or send an API key.',
  wrong: 'The signature does not match this link: sign the exact path and query that is sent.',
  expired: 'This signed link has expired.',
} as const;

/**
 * Signed links (API.md "Inputs from anywhere"): with URL_SIGNING_KEY set, a GET on an operation
 * that presents no API key must carry a valid `signature` (and, if it has one, an `expires` not
 * past), else 403 INVALID_SIGNATURE; a valid one lets it in without a key (the api-keys plugin
 * reads `request.signedLink`). The raw target is verified, byte for byte as it was signed. Register
 * it before the api-keys plugin.
 */
export const signedLinksPlugin = fp(
  async (app, options: SignedLinkOptions) => {
    const { key } = options;
    if (!key) return;
    const now = options.now ?? (() => Math.floor(Date.now() / 1000));
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config as Partial<ToolRouteConfig> | undefined;
      if (request.method !== 'GET' || !config?.tool || presentsApiKey(request.headers)) return;
      const check = verifySignedRequest(request.raw.url ?? '', key, now());
      if (check !== 'ok') throw new ApiError('INVALID_SIGNATURE', refusals[check]);
      request.signedLink = true;
    });
  },
  { name: 'signed-links' },
);
