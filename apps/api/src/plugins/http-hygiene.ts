import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import { serverRestarting } from '../core/admission.js';
import { ApiError } from '../errors.js';
import { isMultipart } from '../http/multipart.js';
import { type UploadPace, watchBody } from '../http/upload-guard.js';
import { writeRawError } from './errors.js';

/*
 * Requests Node's HTTP server would otherwise answer (or drop) itself, with a bare body and none
 * of our headers: an HTTP/1.1 request without Host (the server is created with requireHostHeader
 * off so that it reaches us) and CONNECT (this is not a proxy). And bodies Fastify reads itself
 * (JSON, text) are held to the same pace as uploads: one that stalls gets its 408, one still
 * arriving at shutdown its 503, one whose chunks are malformed its 400.
 */
export const httpHygienePlugin = fp(
  async (app, options: { uploadPace: UploadPace }) => {
    app.addHook('onRequest', async (request) => {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        throw new ApiError('MALFORMED_REQUEST', 'The request has no Host header, which HTTP/1.1 requires.');
      }
    });

    const shutdown = new AbortController();
    app.addHook('preClose', async () => shutdown.abort(serverRestarting()));
    // Multipart bodies are read, and watched, by their route once it has an upload slot.
    app.addHook('preParsing', async (request, reply, payload) => {
      const raw = request.raw;
      const body =
        Number(raw.headers['content-length']) > 0 || raw.headers['transfer-encoding'] !== undefined;
      if (!body || raw.complete || isMultipart(raw)) return payload;
      // Fastify reads what this hook returns; a failure ends that stream with the error to answer.
      // (Destroying the request itself would close the connection before any answer.)
      const watched = new PassThrough();
      payload.pipe(watched);
      const end = watchBody(raw, options.uploadPace, shutdown.signal, (error) => {
        payload.unpipe(watched);
        watched.destroy(error as Error);
      });
      watched.once('close', end);
      reply.raw.once('close', end);
      return watched;
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
