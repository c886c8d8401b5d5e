import fp from 'fastify-plugin';
import type { EngineCheck, EngineState } from './engine-checks.js';

export const readyPath = '/ready';

export interface LaneLoad {
  running: number;
  waiting: number;
  capacity: number;
}

export interface ReadyOptions {
  version: string;
  engines: Record<string, EngineCheck>;
  /** The lanes' load right now (not cached). */
  lanes: () => Record<string, LaneLoad>;
  /** How long one round of engine checks is reused. */
  cacheMs: number;
}

/**
 * GET /ready: 200 when every required engine works, else 503 (a load balancer then sends no
 * traffic here). The engines are checked for real (an encode, a program run, a PING), at most
 * once per cacheMs however often the probe asks; concurrent probes share one round.
 */
export const readyPlugin = fp(
  async (app, options: ReadyOptions) => {
    let round: { at: number; states: Promise<Record<string, EngineState>> } | undefined;
    const check = () => {
      const now = Date.now();
      if (!round || now - round.at >= options.cacheMs) {
        const names = Object.keys(options.engines);
        const states = Promise.all(names.map((name) => options.engines[name]?.())).then((results) =>
          Object.fromEntries(names.map((name, i) => [name, results[i] as EngineState])),
        );
        round = { at: now, states };
      }
      return round.states;
    };

    app.get(readyPath, async (_request, reply) => {
      const engines = await check();
      const ready = Object.values(engines).every((engine) => engine.ok || !engine.required);
      reply.header('cache-control', 'no-store');
      reply.code(ready ? 200 : 503);
      if (!ready) reply.header('retry-after', String(Math.max(1, Math.ceil(options.cacheMs / 1000))));
      return {
        status: ready ? 'ready' : 'unavailable',
        version: options.version,
        engines,
        lanes: options.lanes(),
      };
    });
  },
  { name: 'ready' },
);
