import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ApiError } from '../errors.js';
import { constantTimeEquals } from './api-keys.js';
import type { LaneLoad } from './ready.js';

export const metricsPath = '/metrics';

export interface MetricsOptions {
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Only requests under this prefix are counted (the API, not the website's files). */
  apiPrefix: string;
  lanes: () => Record<string, LaneLoad>;
  /** Jobs by state, when there is a job store. */
  jobs?: () => Promise<Record<string, number>>;
}

/**
 * GET /metrics in Prometheus' text format (prom-client): requests by operation and status, their
 * durations, the lanes' depth and capacity, jobs by state, and the process' own figures (memory,
 * event-loop lag, GC). One registry per app, so several apps in one process (tests) stay apart.
 */
export const metricsPlugin = fp(
  async (app, options: MetricsOptions) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    const labelNames = ['operation', 'method', 'status'] as const;
    const requests = new Counter({
      name: 'toolkit_http_requests_total',
      help: 'API requests answered, by operation (route), method and status.',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'toolkit_http_request_duration_seconds',
      help: 'Time from request to answer, by operation, method and status.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
    const laneGauge = (name: string, help: string, pick: (load: LaneLoad) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['lane'],
        registers: [registry],
        collect() {
          this.reset();
          for (const [lane, load] of Object.entries(options.lanes())) this.set({ lane }, pick(load));
        },
      });
    laneGauge('toolkit_lane_running', 'Jobs running in each lane.', (l) => l.running);
    laneGauge('toolkit_lane_waiting', 'Jobs waiting in each lane.', (l) => l.waiting);
    laneGauge('toolkit_lane_capacity', 'Jobs each lane runs at once.', (l) => l.capacity);
    const { jobs } = options;
    if (jobs) {
      new Gauge({
        name: 'toolkit_jobs',
        help: 'Asynchronous jobs by state.',
        labelNames: ['state'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const [state, count] of Object.entries(await jobs())) this.set({ state }, count);
        },
      });
    }

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      if (!route?.startsWith(options.apiPrefix)) return;
      const labels = { operation: route, method: request.method, status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    app.get(metricsPath, async (request, reply) => {
      if (options.token) {
        const sent = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!constantTimeEquals(sent, options.token)) {
          throw new ApiError('UNAUTHORIZED', 'The metrics need "Authorization: Bearer <METRICS_TOKEN>".', {
            headers: { 'www-authenticate': 'Bearer' },
          });
        }
      }
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
