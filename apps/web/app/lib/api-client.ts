import type { InputKind, OutputKind } from '@toolkit/catalog';
import {
  ApiError,
  errorFrom,
  isObject,
  NetworkError,
  readJson,
  UNAUTHORIZED_MESSAGE,
  UNKNOWN_BLOB_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './api-errors';
import { type ToolInput, type ToolRequest, toolRequest } from './tool-request';
import { type ResultOf, readResult } from './tool-response';
import { type UploadProgress, xhrFetch } from './xhr-transport';

/*
 * The one HTTP client of the website. A tool call is a POST whose body and result handling follow the
 * tool's catalog entry (tool-request.ts, tool-response.ts); the pipeline posts a body of its own
 * through the same `send`. Every failure becomes an ApiError (or a NetworkError when no response
 * came back). Retries are not done here: TanStack Query's mutation
 * defaults (app/lib/query-client.ts) retry network errors, 5xx and 429 by reading `status` and
 * `retryAfterSeconds` from these errors.
 */

export * from './api-errors';
export type { FormScalar, FormValue, ToolFields, ToolInput, ToolInputOf, ToolRequest } from './tool-request';
export { toFormData } from './tool-request';
export type { AnalysisResult, DocumentResult, FileResult, ResultOf } from './tool-response';
export type { UploadProgress } from './xhr-transport';

const DEFAULT_API_BASE_URL = '/api/v1';

/**
 * Uploads from this size on travel by XMLHttpRequest, which reports progress for the progress bar;
 * smaller ones by fetch, where a bar would only flash.
 */
export const PROGRESS_MIN_BYTES = 512 * 1024;

/** The API base: VITE_API_BASE_URL at build time, else /api/v1 on the same origin. */
export function resolveApiBaseUrl(configured: unknown): string {
  const base = typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : '';
  return (base || DEFAULT_API_BASE_URL).replace(/\/+$/, '');
}

export const apiBaseUrl = resolveApiBaseUrl(import.meta.env.VITE_API_BASE_URL);

/** Where a call goes, and the output kind its answer is read as. */
export interface Endpoint<O extends OutputKind = OutputKind> {
  path: string;
  output: O;
}

/** What the client needs of a catalog entry's `api`. */
export interface ToolApi<O extends OutputKind = OutputKind> extends Endpoint<O> {
  input: InputKind;
}

const jobStates = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof jobStates)[number];

/** What GET /jobs/{id} says of a job (the part the website uses). */
export interface JobStatus {
  id: string;
  operation: string;
  status: JobState;
  /** 0–100, or null when the engine cannot tell. */
  progress: number | null;
  error: { code: string; message: string } | null;
}

/** The job document of a status answer, or undefined when it is not one. */
export function parseJob(body: unknown): JobStatus | undefined {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data) || typeof data.id !== 'string' || typeof data.status !== 'string') return undefined;
  if (!(jobStates as readonly string[]).includes(data.status)) return undefined;
  const progress = typeof data.progress === 'number' && Number.isFinite(data.progress) ? data.progress : null;
  const error = isObject(data.error) ? data.error : null;
  return {
    id: data.id,
    operation: typeof data.operation === 'string' ? data.operation : '',
    status: data.status as JobState,
    progress: progress === null ? null : Math.min(100, Math.max(0, progress)),
    error: error ? { code: String(error.code ?? ''), message: String(error.message ?? '') } : null,
  };
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Called as a large upload travels (see PROGRESS_MIN_BYTES). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface ApiClientOptions {
  /** Defaults to `apiBaseUrl`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Defaults to XMLHttpRequest (xhr-transport.ts). */
  fetchWithProgress?: typeof xhrFetch;
  /** Called on every 401, before the error is thrown: clear cached data and the signed-in user. */
  onUnauthorized?: () => void;
  /** The API key to send as `Authorization: Bearer`, read at each call (none: no header). */
  apiKey?: () => string | null;
}

/** The client: tool calls, and the jobs they may run as. */
export type ApiClient = ReturnType<typeof createApiClient>;

function invalidResponse(status: number): ApiError {
  return new ApiError({ status, code: 'INVALID_RESPONSE', message: UNKNOWN_ERROR_MESSAGE });
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? apiBaseUrl).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const fetchWithProgress = options.fetchWithProgress ?? xhrFetch;

  function headersFor(output: OutputKind, extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: output === 'analysis' ? 'application/json' : '*/*',
      ...extra,
    };
    const key = options.apiKey?.();
    if (key) headers.Authorization = `Bearer ${key}`;
    return headers;
  }

  async function transport(run: () => Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
    try {
      return await run();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new NetworkError({ cause: error });
    }
  }

  function post(endpoint: Endpoint, request: ToolRequest, call: CallOptions, extra?: Record<string, string>) {
    const headers = headersFor(endpoint.output, extra);
    if (request.contentType) headers['Content-Type'] = request.contentType;
    const url = `${baseUrl}${endpoint.path}`;
    const init = { method: 'POST', body: request.body, headers, signal: call.signal };
    const { onUploadProgress } = call;
    return transport(
      () =>
        onUploadProgress && request.uploadBytes >= PROGRESS_MIN_BYTES
          ? fetchWithProgress(url, init, onUploadProgress)
          : fetchImpl(url, init),
      call.signal,
    );
  }

  /** A request to a job's own routes: the job, or (`suffix` '/result') its result. */
  function jobRequest(
    method: 'GET' | 'DELETE',
    id: string,
    output: OutputKind,
    signal?: AbortSignal,
    suffix = '',
  ) {
    const init = { method, headers: headersFor(output), signal };
    return transport(() => fetchImpl(`${baseUrl}/jobs/${encodeURIComponent(id)}${suffix}`, init), signal);
  }

  async function check(response: Response, output: OutputKind): Promise<Response> {
    if (response.status === 401) {
      options.onUnauthorized?.();
      const body = await readJson(response);
      throw new ApiError({
        status: 401,
        code: isObject(body) && typeof body.code === 'string' ? body.code : 'UNAUTHORIZED',
        message: UNAUTHORIZED_MESSAGE,
      });
    }
    if (!response.ok) {
      // An error answer to a file request is read as text first: it may be JSON that names the problem.
      const body = await readJson(response);
      const fallback =
        body === undefined || output === 'analysis' ? UNKNOWN_ERROR_MESSAGE : UNKNOWN_BLOB_ERROR_MESSAGE;
      throw errorFrom(response, body, fallback, 'HTTP_ERROR');
    }
    return response;
  }

  /** Posts a body built already (a tool's by toolRequest, or the pipeline's); the answer, checked. */
  async function send(endpoint: Endpoint, request: ToolRequest, call: CallOptions = {}): Promise<Response> {
    return check(await post(endpoint, request, call), endpoint.output);
  }

  return {
    baseUrl,
    send,
    /** Calls a tool: builds the body from its input kind, reads the answer by its output kind. */
    async call<O extends OutputKind>(api: ToolApi<O>, input: ToolInput, call: CallOptions = {}) {
      const response = await send(api, toolRequest(api.input, input), call);
      return (await readResult(response, api.output)) as ResultOf<O>;
    },
    /** Submits the same request as an asynchronous job (`Prefer: respond-async`); jobs.ts follows it. */
    async submitJob(endpoint: Endpoint, request: ToolRequest, call: CallOptions = {}) {
      const response = await check(
        await post(endpoint, request, call, { Prefer: 'respond-async' }),
        'analysis',
      );
      const job = response.status === 202 ? parseJob(await readJson(response)) : undefined;
      if (!job) throw invalidResponse(response.status);
      return { id: job.id };
    },
    async getJob(id: string, { signal }: { signal?: AbortSignal } = {}) {
      const response = await check(await jobRequest('GET', id, 'analysis', signal), 'analysis');
      const job = parseJob(await readJson(response));
      if (!job) throw invalidResponse(response.status);
      return job;
    },
    /** A finished job's answer, exactly the synchronous call's (409 JOB_NOT_FINISHED before), checked. */
    async jobResult(output: OutputKind, id: string, { signal }: { signal?: AbortSignal } = {}) {
      return check(await jobRequest('GET', id, output, signal, '/result'), output);
    },
    /** Cancels a job (DELETE /jobs/{id}): its work stops. */
    async cancelJob(id: string) {
      await check(await jobRequest('DELETE', id, 'analysis'), 'analysis');
    },
  };
}
