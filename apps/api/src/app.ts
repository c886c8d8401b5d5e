import './fastify-types.js';
import { apiBasePath, liveTools, toolReference } from '@toolkit/catalog';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, LogController } from 'fastify';
import type { Config } from './config.js';
import { createCore } from './core/core.js';
import { jobsPlugin } from './http/jobs-routes.js';
import { createNetContext } from './http/net-context.js';
import { registerPipeline } from './http/pipeline-route.js';
import { signedLinksPlugin } from './http/signed-links.js';
import { registerTools } from './http/tool-route.js';
import { setUpJobs } from './jobs/setup.js';
import { mcpRoutes } from './mcp/plugin.js';
import { limitsOf } from './openapi/limits.js';
import { apiKeysPlugin } from './plugins/api-keys.js';
import { corsPlugin } from './plugins/cors.js';
import {
  checkFfmpeg,
  checkLibreOffice,
  checkLibvips,
  checkRedis,
  type EngineCheck,
} from './plugins/engine-checks.js';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { healthPath, healthPlugin } from './plugins/health.js';
import { httpHygienePlugin } from './plugins/http-hygiene.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { metricsPlugin } from './plugins/metrics.js';
import { multipartPlugin } from './plugins/multipart.js';
import { openApiPath, openApiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { type LaneLoad, readyPath, readyPlugin } from './plugins/ready.js';
import { requestIdFor, requestIdPlugin } from './plugins/request-id.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticSitePlugin } from './plugins/static-site.js';
import { convertFormatsPlugin } from './tools/file/convert-formats.js';
import { handlers } from './tools/handlers.js';
import type { HandlerTable } from './tools/types.js';

function loggerOptions(
  config: Config,
  stream: NodeJS.WritableStream | undefined,
): FastifyLoggerOptions & Record<string, unknown> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Request logs carry method, URL, status and timing only: never bodies or file contents.
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/**
 * The whole application, configured but not listening: plugins, the website and every live tool
 * route. No side effects beyond the instance itself (a Redis connection when REDIS_URL is set,
 * closed with the app).
 *
 * @example const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' })); await app.inject({ url: '/api/v1/health' });
 */
export async function buildApp(
  config: Config,
  table: HandlerTable = handlers,
  options: {
    role?: 'http' | 'worker' /** Where the logs go instead of stdout (tests). */;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // One line per API request instead (plugins/request-log.ts): Fastify's two lines per request
    // would log every file of the website too.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: config.limits.bodyBytes,
    // API.md: keys such as __proto__ in a JSON document are data. JSON.parse makes them own
    // properties, which never touch a prototype; refusing the whole body would lose the document.
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    requestTimeout: config.timeouts.uploadMs,
    http: {
      // A request without Host reaches us and gets the contract's error (http-hygiene plugin).
      requireHostHeader: false,
      // Headers that never finish are cut off after HEADERS_TIMEOUT_MS, checked twice a second
      // (Node's default check runs every 30 s on top of a 60 s limit).
      headersTimeout: Math.min(config.timeouts.headersMs, config.timeouts.uploadMs),
      connectionsCheckingInterval: 500,
    },
    // Shutdown answers new requests with our own 503 (load-shedding plugin), not Fastify's body.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Closing waits for requests in flight; a keep-alive connection that goes idle meanwhile is closed
  // at once rather than after Fastify's 72 s keep-alive timeout (Node closes only the connections
  // idle when close() starts).
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(errorsPlugin, {
    bodyLimit: config.limits.bodyBytes,
    retryAfterSeconds: config.loadShedding.retryAfterSeconds,
  });
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, { apiPrefix: `${apiBasePath}/` });
  await app.register(httpHygienePlugin, { uploadPace: config.uploadPace });
  await app.register(requestLogPlugin, { prefixes: [`${apiBasePath}/`] });
  // Every way in runs work through one core; /ready and /metrics report its lanes' load.
  const core = createCore(config, table);
  const lanes = (): Record<string, LaneLoad> =>
    Object.fromEntries(Object.entries(core.lanes).map(([id, lane]) => [id, lane.state]));
  const jobs = await setUpJobs(core, app.log, options.role ?? 'http');
  app.addHook('onClose', () => jobs.engine.close());
  const shutdown = new AbortController();
  const net = createNetContext(config, (error) =>
    app.log.warn({ err: error }, 'result cache or idempotency store'),
  );
  app.addHook('onClose', net.close);
  const routes = { core, jobs, shutdown: shutdown.signal, net };
  await app.register(metricsPlugin, {
    token: config.access.metricsToken,
    apiPrefix: `${apiBasePath}/`,
    lanes,
    jobs: () => jobs.engine.counts(),
  });
  const engines: Record<string, EngineCheck> = {
    libvips: checkLibvips,
    ffmpeg: checkFfmpeg(config.media.ffmpegPath),
    libreoffice: checkLibreOffice(config.soffice.path),
  };
  if (config.rateLimit.redisUrl) {
    const redis = checkRedis(config.rateLimit.redisUrl);
    engines.redis = redis;
    app.addHook('onClose', redis.close);
  }
  if (jobs.workersCheck) engines.workers = jobs.workersCheck;

  await app.register(
    async (api) => {
      const exempt = [`${apiBasePath}${healthPath}`, `${apiBasePath}${readyPath}`];
      await api.register(corsPlugin, { origins: config.corsOrigins });
      await api.register(loadSheddingPlugin, { ...config.loadShedding, exempt });
      const open = [...exempt, `${apiBasePath}${openApiPath}`];
      await api.register(signedLinksPlugin, { key: config.signingKey });
      await api.register(apiKeysPlugin, { keys: config.access.apiKeys, open });
      await api.register(rateLimitPlugin, { ...config.rateLimit, exempt });
      await api.register(jsonBodyPlugin);
      await api.register(jobsPlugin, jobs);
      await api.register(multipartPlugin);
      await api.register(healthPlugin, { version: config.version });
      await api.register(readyPlugin, {
        version: config.version,
        engines,
        lanes,
        cacheMs: config.readyCacheMs,
      });
      await api.register(openApiPlugin, { limits: limitsOf(config) });
      await api.register(convertFormatsPlugin, { config });
      registerTools(api, routes, shutdown);
      registerPipeline(api, routes);
    },
    { prefix: apiBasePath },
  );

  // MCP: each tool call runs through the core (same keys, limits, lanes and timeouts as HTTP).
  const largestUpload = Math.max(
    ...liveTools.map((tool) => toolReference(tool, limitsOf(config)).uploadLimitBytes),
  );
  await app.register(async (scope) => {
    await scope.register(apiKeysPlugin, { keys: config.access.apiKeys, open: [] });
    await scope.register(rateLimitPlugin, { ...config.rateLimit, exempt: [] });
    await mcpRoutes(scope, {
      version: config.version,
      core,
      uploadBytes: (mcpTool) => core.uploadLimitOf(mcpTool.tool),
      fetcher: net.fetcher,
      bodyLimit: Math.ceil((largestUpload * 4) / 3) + 1024 * 1024,
    });
  });

  await app.register(staticSitePlugin, { root: config.webRoot, connectSrc: config.cspConnectSrc });
  return app;
}
