import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

/** An incoming X-Request-Id is echoed only when it is a plain token; anything else is replaced. */
const acceptable = /^[\w.:-]{1,128}$/;

/** Fastify's genReqId: the client's X-Request-Id when sensible, else a new UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && acceptable.test(sent) ? sent : randomUUID();
}

/** Every response carries X-Request-Id; logs carry the same id as reqId. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
