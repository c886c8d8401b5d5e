import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { apiBasePath } from '@toolkit/catalog';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, toApiError } from '../errors.js';
import { lingerThenClose } from '../http/linger.js';
import { failBody } from '../http/upload-guard.js';
import { earlySecurityHeaders } from './security-headers.js';

/*
 * One error handler turns everything (our ApiError, Fastify's parser and routing errors, plugin
 * errors, bugs) into the contract's JSON error; a 404 handler answers unknown routes, with 405 and
 * an Allow header when the path exists under another method. Never HTML, never a stack trace.
 */

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  // A body we did not read (an early 413, a refused upload) is not read to its end.
  if (!request.raw.complete) lingerThenClose(request.raw, reply.raw);
  // No error is worth keeping: a cache must not serve it in place of the real answer later.
  reply.header('cache-control', 'no-store');
  return reply.code(error.statusCode).headers(error.headers).type('application/json').send(error.toBody());
}

/** The path of a URL, without query or trailing slash (routes ignore a trailing slash). */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export const errorsPlugin = fp(
  async (app, options: { bodyLimit: number; retryAfterSeconds: number }) => {
    /** Methods of every route, by URL, to tell a wrong method (405) from an unknown path (404). */
    const methodsByUrl = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const set = methodsByUrl.get(route.url) ?? new Set<string>();
      for (const m of methods) set.add(m);
      methodsByUrl.set(route.url, set);
    });

    app.setErrorHandler((error, request, reply) => {
      const apiError = toApiError(error, options.bodyLimit);
      if (apiError.statusCode >= 500 && apiError.code === 'INTERNAL_ERROR') {
        request.log.error({ err: error }, 'unhandled error');
      } else {
        request.log.info(
          { code: apiError.code, cause: (apiError.cause as Error | undefined)?.message },
          apiError.message,
        );
      }
      // Every 503 says when to come back (the contract), a timeout as much as an overload.
      if (apiError.statusCode === 503 && !('retry-after' in apiError.headers)) {
        reply.header('retry-after', String(options.retryAfterSeconds));
      }
      return sendError(request, reply, apiError);
    });

    app.setNotFoundHandler((request, reply) => {
      const path = pathOf(request.url);
      const allowed = path.startsWith(`${apiBasePath}/`) ? methodsByUrl.get(path) : undefined;
      if (allowed && !allowed.has(request.method)) {
        const allow = [...allowed].filter((m) => m !== 'HEAD').join(', ');
        return sendError(
          request,
          reply,
          new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}. Use ${allow}.`, {
            headers: { allow },
          }),
        );
      }
      const message = path.startsWith('/api/')
        ? `There is no API operation at ${request.method} ${path.slice(0, 200)}. The list is at ${apiBasePath}/openapi.json.`
        : undefined;
      return sendError(request, reply, new ApiError('NOT_FOUND', message));
    });
  },
  { name: 'errors' },
);

/**
 * Fastify's frameworkErrors: a URL it cannot decode (or a path segment too long) is answered
 * before any route or hook runs, so the request id and the security headers that hooks add to
 * every other response are set here.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.headers({ ...earlySecurityHeaders, 'x-request-id': request.id });
  const apiError = toApiError(error, 0);
  request.log.info({ code: apiError.code, cause: error.code }, apiError.message);
  return sendError(request, reply, apiError);
}

/** How long a connection we are closing may keep sending before it is cut. */
const closingGraceMs = 2000;

/**
 * Closes a connection without a reset: the answer and a FIN go out, whatever the client still
 * sends is read and dropped for a moment, then the socket is destroyed. Destroying it at once,
 * with unread bytes in the kernel's buffer, sends a TCP reset that can make the client lose the
 * answer it has not read yet.
 */
export function closeGently(socket: Socket, last?: string): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), closingGraceMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', () => undefined);
  if (last === undefined) socket.end();
  else socket.end(last);
  socket.resume();
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
};

/**
 * An error answer written straight to a socket, for the few cases with no request object (HTTP
 * that does not parse, a CONNECT): the contract's JSON, a new request id, the security headers,
 * then the connection closes.
 */
export function writeRawError(socket: Socket, apiError: ApiError, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(apiError.toBody());
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    'x-request-id': randomUUID(),
    ...earlySecurityHeaders,
    ...apiError.headers,
    ...extra,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const status = `HTTP/1.1 ${apiError.statusCode} ${reasons[apiError.statusCode] ?? 'Error'}\r\n`;
  closeGently(socket, socket.writable ? `${status}${lines.join('')}\r\n${body}` : undefined);
}

/**
 * Fastify's clientErrorHandler: errors before a request exists (unparsable HTTP, headers too
 * large or too slow, a malformed Content-Length) still get the contract's JSON, then the
 * connection closes gently, so that the client reads the answer rather than a reset.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The client closed its side in the middle of a request: nobody is left to answer, and the
  // request in progress must learn that its body will never come.
  if (error.code === 'HPE_INVALID_EOF_STATE') {
    socket.destroy();
    return;
  }
  // A response already under way (the bytes after a request whose Content-Length said 0, say)
  // must not get a second one written into it: let it finish, then close. If its request's body
  // is what broke (a malformed chunk), that body's reader answers 400 instead of waiting for the
  // rest, which will never come.
  const current = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  if (current && !current.writableFinished) {
    if (!current.req.complete && !current.headersSent) {
      // A body still arriving when the upload time limit (UPLOAD_TIMEOUT_MS) ends is late, not malformed.
      failBody(
        socket,
        timeout
          ? new ApiError('REQUEST_TIMEOUT', 'The request was not received in time.')
          : new ApiError('MALFORMED_REQUEST', 'The request body is not valid HTTP.'),
      );
    }
    current.once('finish', () => closeGently(socket));
    current.once('close', () => closeGently(socket));
    return;
  }
  const apiError = timeout
    ? new ApiError('REQUEST_TIMEOUT', 'The request was not received in time.')
    : error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('MALFORMED_REQUEST', 'The URL and headers together are longer than the 16 KB allowed.')
      : new ApiError('MALFORMED_REQUEST', 'The request is not valid HTTP.');
  writeRawError(socket, apiError);
}
