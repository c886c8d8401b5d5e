import './fastify-types.js';
import { apiBasePath } from '@toolkit/catalog';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import type { Config } from './config.js';
import { limitsOf } from './openapi/limits.js';
import { corsPlugin } from './plugins/cors.js';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { healthPath, healthPlugin } from './plugins/health.js';
import { httpHygienePlugin } from './plugins/http-hygiene.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { multipartPlugin } from './plugins/multipart.js';
import { openApiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { requestIdFor, requestIdPlugin } from './plugins/request-id.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticSitePlugin } from './plugins/static-site.js';
import { convertFormatsPlugin } from './tools/file/convert-formats.js';
import { handlers } from './tools/handlers.js';
import { registerTools } from './tools/register.js';
import type { HandlerTable } from './tools/types.js';

function loggerOptions(config: Config): FastifyLoggerOptions & Record<string, unknown> {
  return {
    level: config.logLevel,
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
export async function buildApp(config: Config, table: HandlerTable = handlers): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
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

  await app.register(errorsPlugin, {
    bodyLimit: config.limits.bodyBytes,
    retryAfterSeconds: config.loadShedding.retryAfterSeconds,
  });
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, { apiPrefix: `${apiBasePath}/` });
  await app.register(httpHygienePlugin);

  await app.register(
    async (api) => {
      const exempt = [`${apiBasePath}${healthPath}`];
      await api.register(corsPlugin, { origins: config.corsOrigins });
      await api.register(loadSheddingPlugin, { ...config.loadShedding, exempt });
      await api.register(rateLimitPlugin, { ...config.rateLimit, exempt });
      await api.register(jsonBodyPlugin);
      await api.register(multipartPlugin);
      await api.register(healthPlugin, { version: config.version });
      await api.register(openApiPlugin, { limits: limitsOf(config) });
      await api.register(convertFormatsPlugin, { config });
      registerTools(api, config, table);
    },
    { prefix: apiBasePath },
  );

  await app.register(staticSitePlugin, { root: config.webRoot, connectSrc: config.cspConnectSrc });
  return app;
}
