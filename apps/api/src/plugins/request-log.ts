import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** How long the request waited for a place in its lane, set by the lane that ran it. */
    laneWaitMs?: number;
  }
}

const numberOf = (value: unknown): number | null => {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return value !== undefined && Number.isFinite(n) ? n : null;
};

/**
 * One JSON line per API request, once it is answered: id, operation, status, bytes in and out,
 * duration, lane wait, and the short hash of the API key. Never a body or a file name. The
 * website's files are not logged (a visit loads dozens); Fastify's own two lines per request are
 * turned off in app.ts.
 */
export const requestLogPlugin = fp(
  async (app, options: { prefixes: readonly string[] }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '';
      if (!options.prefixes.some((prefix) => route.startsWith(prefix))) return;
      request.log.info(
        {
          operation: request.routeOptions.url ?? null,
          method: request.method,
          url: request.routeOptions.url ? undefined : route.slice(0, 200),
          status: reply.statusCode,
          bytesIn: numberOf(request.headers['content-length']),
          bytesOut: numberOf(reply.getHeader('content-length')),
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          laneWaitMs: request.laneWaitMs ?? null,
          key: request.apiKeyId ?? null,
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
