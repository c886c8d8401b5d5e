import fp from 'fastify-plugin';

export const healthPath = '/health';

/** GET /health: liveness, {"status":"ok","version":…,"uptime":…} (uptime in whole seconds). */
export const healthPlugin = fp(
  async (app, options: { version: string }) => {
    const started = Date.now();
    app.get(healthPath, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok', version: options.version, uptime: Math.floor((Date.now() - started) / 1000) };
    });
  },
  { name: 'health' },
);
