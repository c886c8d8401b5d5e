import type { Limits } from '@toolkit/catalog';
import fp from 'fastify-plugin';
import { buildOpenApiDocument } from '../openapi/document.js';

export const openApiPath = '/openapi.json';

/** GET /openapi.json: the OpenAPI 3.1 document, built once from the catalog and the server's limits. */
export const openApiPlugin = fp(
  async (app, options: { limits: Limits }) => {
    const document = JSON.stringify(buildOpenApiDocument(options.limits));
    app.get(openApiPath, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return reply.type('application/json; charset=utf-8').send(document);
    });
  },
  { name: 'openapi' },
);
