import { type LaneId, laneIds, liveTools, type ToolSpec } from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { HandlerContext, HandlerTable } from '../../src/tools/types.js';
import { expectRateLimited, makeApp, testConfig } from './app.js';
import { type Answer, type Provocation, send, sendValid } from './error-table.js';
import { listenOnFreePort } from './listen.js';
import { parseReply, type RawExchange, rawRequest } from './raw-socket.js';

/*
 * The rows every endpoint shares (stalled uploads, the rate limit, our own bugs, full
 * lanes, the processing time), each provoked by the setting that causes it on a server of its own.
 */

/** A table where every tool runs `handler` instead of its own. */
function everyTool(handler: (input: unknown, context: HandlerContext) => Promise<never>): HandlerTable {
  return Object.fromEntries(liveTools.map((tool) => [tool.id, handler])) as unknown as HandlerTable;
}

/** A listening server's base URL. */
export function baseOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server is not listening.');
  return `http://127.0.0.1:${address.port}`;
}

/** The answer of a raw exchange, once the server has closed it. */
async function answerOf(exchange: RawExchange): Promise<Answer> {
  const { status, headers, body } = parseReply(await exchange.reply);
  return { statusCode: status, headers, json: () => JSON.parse(body) };
}

/** The head of a multipart upload of `length` bytes whose body never comes. */
function stall(base: string, path: string, length: number): RawExchange {
  return rawRequest(
    base,
    `POST /api/v1${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=XX\r\n` +
      `Content-Length: ${length}\r\n\r\n--XX\r\n`,
  );
}

/** A tool of each lane, and a body length that lands its stalled upload in that lane. */
const laneHolders: Record<LaneId, { path: string; length: number }> = {
  images: { path: '/images/resize', length: 100_000 },
  workers: { path: '/files/detect', length: 100_000 },
  programs: { path: '/audio/convert', length: 100_000 },
  // Small bodies of light tools stay in the light lane (LANE_LIGHT_MAX_BYTES).
  light: { path: '/text/word-count', length: 1000 },
};

const held: RawExchange[] = [];

/** Waits until the server's metrics show each lane's one slot taken (by the holders). */
async function untilLanesFull(app: FastifyInstance): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const metrics = (await app.inject({ url: '/metrics' })).body;
    if (laneIds.every((lane) => metrics.includes(`toolkit_lane_running{lane="${lane}"} 1`))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The lanes were never all held.');
}

/**
 * Servers for the shared rows. `busy` has one slot and no queue in each lane, each slot held by an
 * upload that never finishes; `slow` gives every request a second and never finishes one.
 */
export async function startPlatformServers(): Promise<Record<string, FastifyInstance>> {
  const lanes = {
    ...Object.fromEntries(laneIds.map((lane) => [`LANE_${lane.toUpperCase()}_CONCURRENCY`, '1'])),
    LANE_QUEUE: '0',
  };
  const [keyed, stalls, unhurried, limited, broken, slow, busy] = await Promise.all([
    makeApp({ API_KEYS: 'a-key-the-requests-do-not-send' }),
    makeApp({ UPLOAD_IDLE_TIMEOUT_MS: '500', UPLOAD_MIN_BYTES_PER_SECOND: '0' }),
    // Idle for longer than the whole upload may take: the upload time limit comes first.
    makeApp({ UPLOAD_TIMEOUT_MS: '1000', UPLOAD_IDLE_TIMEOUT_MS: '60000', UPLOAD_MIN_BYTES_PER_SECOND: '0' }),
    makeApp({ RATE_LIMIT_MAX: '1' }),
    buildApp(
      testConfig(),
      everyTool(async () => {
        throw new Error('secret detail at /srv/internal.ts:12');
      }),
    ),
    buildApp(
      testConfig({ REQUEST_TIMEOUT_MS: '1000', AUDIO_TIMEOUT_MS: '1000' }),
      // Work that stops only when told to: what the deadline is for.
      everyTool(
        (_, { signal }) =>
          new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ),
    ),
    makeApp({
      ...lanes,
      UPLOAD_QUEUE_TIMEOUT_MS: '0',
      UPLOAD_IDLE_TIMEOUT_MS: '60000',
      UPLOAD_MIN_BYTES_PER_SECOND: '0',
    }),
  ]);
  await Promise.all([
    stalls.listen({ host: '127.0.0.1', port: 0 }),
    unhurried.listen({ host: '127.0.0.1', port: 0 }),
    listenOnFreePort(busy),
  ]);
  for (const { path, length } of Object.values(laneHolders)) {
    const exchange = stall(baseOf(busy), path, length);
    held.push(exchange);
    await exchange.sent;
  }
  await untilLanesFull(busy);
  return { keyed, stalls, unhurried, limited, broken, slow, busy };
}

export async function stopPlatformServers(servers: Record<string, FastifyInstance>): Promise<void> {
  for (const exchange of held.splice(0)) exchange.socket.destroy();
  await Promise.all(Object.values(servers).map((app) => app.close()));
}

/** A client address of its own per tool, so the rate limit of one case does not touch another. */
const clientOf = (tool: ToolSpec) => `10.0.${liveTools.indexOf(tool as (typeof liveTools)[number])}.1`;

const need = (servers: Record<string, FastifyInstance>, name: string) => {
  const app = servers[name];
  if (!app) throw new Error(`No "${name}" server in this test file.`);
  return app;
};

export const platformProvocations: readonly Provocation[] = [
  {
    code: 'UNAUTHORIZED',
    when: 'The server requires an API key (API_KEYS) and the request carries none, or one it does not know.',
    provoke: (tool, servers) => sendValid(need(servers, 'keyed'), tool),
    message: 'An API key is required: send it as "Authorization: Bearer <key>" or "X-API-Key: <key>".',
    check: (answer) => expect(answer.headers['www-authenticate']).toBe('Bearer'),
    more: () => [
      {
        provoke: (tool, servers) =>
          sendValid(need(servers, 'keyed'), tool, { authorization: 'Bearer not-a-key-it-knows' }),
        message: "This API key is not valid: check it, or ask the server's operator for one.",
        check: (answer) => expect(answer.headers['www-authenticate']).toBe('Bearer'),
      },
    ],
  },
  {
    code: 'REQUEST_TIMEOUT',
    when: 'The upload stalled, or was not received within the upload time limit.',
    provoke: (tool, servers) => answerOf(stall(baseOf(need(servers, 'stalls')), tool.api.path, 100_000)),
    message: 'The upload stalled: nothing arrived for 0.5 s.',
    more: () => [
      {
        provoke: (tool, servers) =>
          answerOf(stall(baseOf(need(servers, 'unhurried')), tool.api.path, 100_000)),
        message: 'The request was not received in time.',
      },
    ],
  },
  {
    code: 'RATE_LIMITED',
    when: 'Too many requests from this client; wait for Retry-After seconds.',
    provoke: async (tool, servers) => {
      const app = need(servers, 'limited');
      // The first request (refused at once for its empty body) uses up the client's one request.
      await send(app, tool, { body: undefined, headers: {} }, {}, clientOf(tool));
      return sendValid(app, tool, {}, clientOf(tool));
    },
    message: /^Too many requests: the limit is 1 per 60 s\. Try again in \d+ s\.$/,
    check: (answer) => expectRateLimited(answer, 1),
  },
  {
    code: 'INTERNAL_ERROR',
    when: 'A bug on our side. The message never includes internals.',
    provoke: (tool, servers) => sendValid(need(servers, 'broken'), tool),
    message: 'Something went wrong on our side.',
  },
  {
    code: 'OVERLOADED',
    when: 'The server is busy; try again after Retry-After seconds.',
    provoke: (tool, servers) => sendValid(need(servers, 'busy'), tool),
    message: 'The server is busy. Please try again in a few seconds.',
    check: (answer) => expect(answer.headers['retry-after']).toBe('5'),
  },
  {
    code: 'TIMEOUT',
    when: /^Processing took longer than \d+ s; try again after Retry-After seconds\.$/,
    provoke: (tool, servers) => sendValid(need(servers, 'slow'), tool),
    message: 'The request took longer than 1 s to process.',
    check: (answer) => expect(answer.headers['retry-after']).toBe('5'),
  },
];
