import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { writeRawError } from './errors.js';

/*
 * Requests Node's HTTP server would otherwise answer (or drop) itself, with a bare body and none
 * of our headers: an HTTP/1.1 request without Host (the server is created with requireHostHeader
 * off so that it reaches us) and CONNECT (this is not a proxy).
 */
export const httpHygienePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        throw new ApiError('MALFORMED_REQUEST', 'The request has no Host header, which HTTP/1.1 requires.');
      }
    });
    app.server.on('connect', (_request: unknown, socket: Socket) => {
      writeRawError(
        socket,
        new ApiError('METHOD_NOT_ALLOWED', 'CONNECT is not supported: this server is not a proxy.'),
        { allow: 'GET, HEAD, POST' },
      );
    });
  },
  { name: 'http-hygiene' },
);
