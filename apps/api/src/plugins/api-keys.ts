import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A short hash of the API key the request was let in with (logs and rate limits); never the key. */
    apiKeyId?: string;
  }
}

export interface ApiKeyOptions {
  keys: readonly string[];
  /** Routes (as registered, e.g. /api/v1/health) that need no key. */
  open: readonly string[];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal strings, compared as SHA-256 digests so the time taken says nothing about either. */
export const constantTimeEquals = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** The first 12 hex digits of a key's SHA-256: enough to tell keys apart in logs, useless to a reader. */
export const keyId = (key: string) => digest(key).toString('hex').slice(0, 12);

function presentedKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (match) return match[1];
  }
  const header = headers['x-api-key'];
  return typeof header === 'string' && header.trim() ? header.trim() : undefined;
}

/**
 * With keys configured, every route of the scope but the open ones needs `Authorization: Bearer
 * <key>` or `X-API-Key: <key>`, else 401 UNAUTHORIZED. Keys are compared as SHA-256 digests with
 * timingSafeEqual against every configured key, so neither the length nor the position of a match
 * shows in the timing. A refused request counts against its address's rate limit first (see
 * rate-limit.ts). Without keys the plugin does nothing.
 */
export const apiKeysPlugin = fp(
  async (app, options: ApiKeyOptions) => {
    if (options.keys.length === 0) return;
    const known = options.keys.map((key) => ({ digest: digest(key), id: keyId(key) }));
    const open = new Set(options.open);
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'OPTIONS' || open.has(request.routeOptions.url ?? '')) return;
      // A GET with a valid signature (http/signed-links.ts, URL_SIGNING_KEY) needs no key.
      if (request.signedLink) return;
      const key = presentedKey(request.headers);
      const challenge = { headers: { 'www-authenticate': 'Bearer' } };
      // A refused request counts against its address's rate limit (429 once spent) before its 401;
      // where no limit applies (RATE_LIMIT_ENABLED=false, a scope without one) it is only refused.
      const refuse = async (error: ApiError) => {
        await app.countRefusedKey?.(request, reply);
        return error;
      };
      if (key === undefined) throw await refuse(new ApiError('UNAUTHORIZED', undefined, challenge));
      const presented = digest(key);
      let match: string | undefined;
      for (const candidate of known) {
        if (timingSafeEqual(candidate.digest, presented)) match = candidate.id;
      }
      if (!match) {
        throw await refuse(
          new ApiError(
            'UNAUTHORIZED',
            "This API key is not valid: check it, or ask the server's operator for one.",
            challenge,
          ),
        );
      }
      request.apiKeyId = match;
    });
  },
  { name: 'api-keys' },
);
