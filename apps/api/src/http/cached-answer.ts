import type { LiveTool } from '@toolkit/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Call } from '../core/core.js';
import { storedResult, type ToolResult } from '../core/result.js';
import { cacheKey, etagOf, ifNoneMatchHits, type ResultCache } from '../net/result-cache.js';
import { sendResult, sendStored, serverTiming } from './reply.js';

/*
 * Validators and the result cache (API.md "Validators and cache") around one synchronous run: the
 * strong ETag of the operation, its normalized fields and its input bytes; 304 on a matching
 * If-None-Match before any work; a cached answer (X-Cache: HIT) sent as it was stored, under the
 * requester's own download name; else the work, its answer stored (X-Cache: MISS).
 */

export interface AnswerCacheOptions {
  /** RESULT_CACHE_BYTES > 0: the memory or Redis cache; else none (ETag and 304 still hold). */
  cache: ResultCache | undefined;
  /** CACHE_MAX_AGE_SECONDS, for GET answers. */
  maxAgeSeconds: number;
}

/** A tool whose answer depends on Accept (pdf/to-text: JSON or text) keys its answers by it too. */
const negotiates = (tool: LiveTool) =>
  'mediaTypes' in tool.api && (tool.api.mediaTypes as readonly string[]).length > 1;

/** The cache key of a checked call: its operation, the fields as validated and the input bytes. */
export function callKey(call: Call, accept: string | undefined): string {
  const fields = { ...(call.fields as Record<string, unknown>) };
  // The files' names and declared types are part of the input: some answers depend on them (a .md
  // upload is typeset as Markdown, detection compares the name with the bytes), and every download
  // name is made from them, so a hit is always named after the requester's own file.
  const files = call.files.map((file) => [file.filename, file.declaredType ?? '']);
  const keyed = negotiates(call.tool) ? { fields, files, accept: accept ?? '' } : { fields, files };
  return cacheKey(
    call.tool.api.path.slice(1),
    keyed,
    call.files.map((file) => file.data),
  );
}

export interface CachedRun {
  request: FastifyRequest;
  reply: FastifyReply;
  call: Call;
  /** Operation name and source file name, for the download name. */
  context: { operation: string; sourceName: string | undefined };
  /** Runs the work (the core); called only when neither a 304 nor a hit answers. */
  run: () => Promise<ToolResult>;
  /** Server-Timing of the exchange, read when the answer is sent. */
  timings: () => Record<string, number>;
}

/** Answers a checked call through the validators and the cache; see the module's comment. */
export async function answerCached(options: AnswerCacheOptions, run: CachedRun): Promise<FastifyReply> {
  const { request, reply, call, context } = run;
  const etag = etagOf(callKey(call, request.headers.accept));
  const headers: Record<string, string> = {
    etag,
    'cache-control': request.method === 'GET' ? `public, max-age=${options.maxAgeSeconds}` : 'no-store',
  };
  if (negotiates(call.tool)) headers.vary = 'Accept';
  const inm = request.headers['if-none-match'];
  if (ifNoneMatchHits(Array.isArray(inm) ? inm.join(',') : inm, etag)) {
    return reply.code(304).headers(headers).send();
  }
  const key = etag.slice(1, -1);
  const hit = await options.cache?.get(key);
  if (hit) {
    const answer = {
      ...hit,
      headers: { ...hit.headers, ...headers, 'x-cache': 'HIT' } as Record<string, string>,
    };
    return sendStored(reply.header('server-timing', serverTiming(run.timings())), answer);
  }
  const result = await run.run();
  const streamed = result.kind === 'file' && !Buffer.isBuffer(result.data);
  if (!options.cache || streamed) {
    // Nothing to keep it in, or a large archive streamed as it is made: sent as it comes.
    return sendResult(reply, result, context, run.timings(), { ...headers, 'x-cache': 'MISS' });
  }
  const stored = await storedResult(result, context);
  await options.cache.set(key, stored);
  const answer = { ...stored, headers: { ...stored.headers, ...headers, 'x-cache': 'MISS' } };
  return sendStored(reply.header('server-timing', serverTiming(run.timings())), answer);
}
