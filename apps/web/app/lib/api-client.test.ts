import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  JSON_INSTEAD_OF_FILE_MESSAGE,
  NetworkError,
  PROGRESS_MIN_BYTES,
  parseRetryAfter,
  resolveApiBaseUrl,
  toFormData,
  UNAUTHORIZED_MESSAGE,
  UNKNOWN_BLOB_ERROR_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  type UploadProgress,
} from './api-client';
import { authStore } from './auth-store';
import { createQueryClient, isRetryableError } from './query-client';
import { forgetSession } from './use-api-client';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

/** A client whose fetch answers from a list, recording every request. */
function clientWith(...responses: (Response | Error | DOMException)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = responses.shift();
    if (!next) throw new Error('No more responses.');
    if (!(next instanceof Response)) throw next;
    return next;
  });
  const onUnauthorized = vi.fn();
  const client = createApiClient({ baseUrl: '/api/v1', fetch, onUnauthorized });
  return { client, calls, onUnauthorized };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
  return error;
}

const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' });
const imageInput = { kind: 'file', field: 'image', accept: ['image/png'] } as const;
const base64Api = { path: '/images/base64', input: imageInput, output: 'analysis' } as const;
const resizeApi = { path: '/images/resize', input: imageInput, output: 'image' } as const;

afterEach(() => {
  authStore.reset();
});

describe('base URL', () => {
  it('is VITE_API_BASE_URL without a trailing slash, else /api/v1', () => {
    expect(resolveApiBaseUrl(undefined)).toBe('/api/v1');
    expect(resolveApiBaseUrl('  ')).toBe('/api/v1');
    expect(resolveApiBaseUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1');
  });

  it('prefixes every call', async () => {
    const { client, calls } = clientWith(json(200, { success: true, message: 'ok', data: {} }));
    await client.call(base64Api, { file: image() });
    expect(calls[0]?.url).toBe('/api/v1/images/base64');
    expect(calls[0]?.init?.method).toBe('POST');
  });
});

describe('the form', () => {
  it('omits empty, undefined and null fields and sends the rest as text', () => {
    const form = toFormData({
      image: image(),
      width: 300,
      height: undefined,
      format: '',
      size: null,
      quality: Number.NaN,
      maintain_aspect: false,
    });
    expect([...form.keys()]).toEqual(['image', 'width', 'maintain_aspect']);
    expect(form.get('width')).toBe('300');
    expect(form.get('maintain_aspect')).toBe('false');
    expect((form.get('image') as File).name).toBe('cat.png');
  });

  it('sends arrays JSON-encoded and leaves empty arrays out', () => {
    const form = toFormData({ pages: [1, 2, 'x'], none: [] });
    expect(form.get('pages')).toBe('[1,2,"x"]');
    expect(form.has('none')).toBe(false);
  });
});

describe('errors', () => {
  it('carry status, code, message and details from the JSON error body', async () => {
    const { client } = clientWith(
      json(400, {
        success: false,
        message: 'width must be a whole number between 1 and 4096.',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'width', message: 'width must be a whole number between 1 and 4096.' }],
      }),
    );
    const error = await failure(client.call(resizeApi, { file: image(), fields: { width: 0 } }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toBe('width must be a whole number between 1 and 4096.');
    expect(error.details).toEqual([
      { field: 'width', message: 'width must be a whole number between 1 and 4096.' },
    ]);
  });

  it('read Retry-After as seconds or as a date', async () => {
    const { client } = clientWith(
      json(429, { success: false, message: 'Slow down.', code: 'RATE_LIMITED' }, { 'retry-after': '7' }),
    );
    expect((await failure(client.call(base64Api, { file: image() }))).retryAfterSeconds).toBe(7);
    expect(
      parseRetryAfter('Thu, 01 Jan 2037 00:00:10 GMT', Date.parse('Thu, 01 Jan 2037 00:00:00 GMT')),
    ).toBe(10);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it("fall back to 'An unknown error occurred.' when the error body is not JSON", async () => {
    const { client } = clientWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(client.call(base64Api, { file: image() }));
    expect(error).toMatchObject({ status: 502, message: UNKNOWN_ERROR_MESSAGE });
  });

  it('turn a failed connection into a NetworkError, a TypeError with a sentence', async () => {
    const { client } = clientWith(new TypeError('Failed to fetch'));
    const error = await client.call(base64Api, { file: image() }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/could not be reached/);
    expect(isRetryableError(error)).toBe(true);
  });

  it('read a JSON result with success false as an error', async () => {
    const { client } = clientWith(json(200, { success: false, message: 'Nope.' }));
    expect((await failure(client.call(base64Api, { file: image() }))).message).toBe('Nope.');
  });
});

describe('binary responses that are really JSON', () => {
  it('use the message of a JSON body sent instead of the file', async () => {
    const { client } = clientWith(json(200, { success: false, message: 'The image service is paused.' }));
    const error = await failure(client.call(resizeApi, { file: image() }));
    expect(error.message).toBe('The image service is paused.');
  });

  it("say 'Server returned JSON instead of file' when that JSON has no message", async () => {
    const { client } = clientWith(json(200, { ok: true }));
    expect((await failure(client.call(resizeApi, { file: image() }))).message).toBe(
      JSON_INSTEAD_OF_FILE_MESSAGE,
    );
  });

  it("say 'Unknown error (from blob)' for a JSON error without a message, or unreadable JSON", async () => {
    const { client } = clientWith(
      json(413, { success: false }),
      new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const first = await failure(client.call(resizeApi, { file: image() }));
    expect(first).toMatchObject({ status: 413, message: UNKNOWN_BLOB_ERROR_MESSAGE });
    expect((await failure(client.call(resizeApi, { file: image() }))).message).toBe(
      UNKNOWN_BLOB_ERROR_MESSAGE,
    );
  });

  it('use the message of a JSON error body on a file request', async () => {
    const { client } = clientWith(
      json(413, { success: false, message: 'The image is larger than 10 MB.', code: 'PAYLOAD_TOO_LARGE' }),
    );
    const error = await failure(client.call(resizeApi, { file: image() }));
    expect(error).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The image is larger than 10 MB.',
    });
  });

  it('return a real file with its name and size headers', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    const { client } = clientWith(
      new Response(bytes, {
        status: 200,
        headers: {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename="cat-resize.png"',
          'x-image-width': '200',
          'x-image-height': '133',
        },
      }),
    );
    const result = await client.call(resizeApi, { file: image(), fields: { width: 200 } });
    expect(result).toMatchObject({
      filename: 'cat-resize.png',
      contentType: 'image/png',
      width: 200,
      height: 133,
    });
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(bytes);
  });
});

describe('401', () => {
  it('calls onUnauthorized and says to log in, whatever the server said', async () => {
    const { client, onUnauthorized } = clientWith(
      json(401, { success: false, message: 'Unauthorized', code: 'UNAUTHORIZED' }),
    );
    const error = await failure(client.call(resizeApi, { file: image() }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
  });

  it('clears every cached query and the signed-in user', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['formats'], ['png']);
    queryClient.setQueryData(['health'], { status: 'ok' });
    expect(authStore.getState().user).not.toBeNull();
    const client = createApiClient({
      fetch: async () => json(401, { success: false, message: 'No.' }),
      onUnauthorized: () => forgetSession(queryClient),
    });
    await failure(client.call(base64Api, { file: image() }));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(authStore.getState().user).toBeNull();
  });
});

describe('API key', () => {
  it('is sent as a Bearer token when one is stored, read at each call', async () => {
    let stored: string | null = null;
    const calls: (RequestInit | undefined)[] = [];
    const client = createApiClient({
      baseUrl: '/api/v1',
      apiKey: () => stored,
      fetch: async (_url, init) => {
        calls.push(init);
        return json(200, { success: true, message: 'ok', data: {} });
      },
    });
    await client.call(base64Api, { file: image() });
    stored = 'team-key';
    await client.call(base64Api, { file: image() });
    const authorization = (init: RequestInit | undefined) =>
      (init?.headers as Record<string, string> | undefined)?.Authorization;
    expect(authorization(calls[0])).toBeUndefined();
    expect(authorization(calls[1])).toBe('Bearer team-key');
  });
});

describe('mutation retries with the site query client', () => {
  /** Runs a mutation through the real defaults and counts the requests it made. */
  async function run(...responses: Response[]) {
    const { client, calls } = clientWith(...responses);
    const observer = new MutationObserver(createQueryClient(), {
      mutationFn: () => client.call(resizeApi, { file: image() }),
    });
    const outcome = await observer.mutate().then(
      () => 'ok',
      (error: unknown) => error,
    );
    return { outcome, requests: calls.length };
  }

  // Retry-After: 0 keeps these runs instant while going through the real retry path.
  const busy = () =>
    json(503, { success: false, message: 'Busy', code: 'OVERLOADED' }, { 'retry-after': '0' });
  const limited = () =>
    json(429, { success: false, message: 'Slow', code: 'RATE_LIMITED' }, { 'retry-after': '0' });
  const png = () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } });

  it('retry a 503 and a 429 up to 2 times', async () => {
    expect(await run(busy(), limited(), png())).toEqual({ outcome: 'ok', requests: 3 });
    const { outcome, requests } = await run(busy(), busy(), busy(), png());
    expect(requests).toBe(3);
    expect(outcome).toBeInstanceOf(ApiError);
  });

  it('do not retry a 4xx', async () => {
    const { outcome, requests } = await run(json(400, { success: false, message: 'Bad width.' }), png());
    expect(requests).toBe(1);
    expect((outcome as ApiError).message).toBe('Bad width.');
  });
});

describe('tool calls', () => {
  it('read an analysis result as its message and data, asking for JSON', async () => {
    const { client, calls } = clientWith(json(200, { success: true, message: 'Done.', data: { bytes: 4 } }));
    const result = await client.call(base64Api, { file: image() });
    expect(result).toEqual({ message: 'Done.', data: { bytes: 4 } });
    expect(new Headers(calls[0]?.init?.headers).get('accept')).toBe('application/json');
  });

  it('send a large upload through the progress transport and report its progress; a small one by fetch', async () => {
    const progress: unknown[] = [];
    const fetchWithProgress = vi.fn(
      async (_url: string, _init: unknown, onProgress: (p: UploadProgress) => void) => {
        onProgress({ loaded: PROGRESS_MIN_BYTES / 2, total: PROGRESS_MIN_BYTES });
        onProgress({ loaded: PROGRESS_MIN_BYTES, total: PROGRESS_MIN_BYTES });
        return new Response(new Uint8Array([7]), { headers: { 'content-type': 'image/png' } });
      },
    );
    const fetch = vi.fn(
      async () => new Response(new Uint8Array([8]), { headers: { 'content-type': 'image/png' } }),
    );
    const client = createApiClient({ baseUrl: '/api/v1', fetch, fetchWithProgress });
    const onUploadProgress = (p: UploadProgress) => progress.push(p);

    const big = new File([new Uint8Array(PROGRESS_MIN_BYTES)], 'big.png', { type: 'image/png' });
    const large = await client.call(resizeApi, { file: big }, { onUploadProgress });
    expect(new Uint8Array(await large.blob.arrayBuffer())).toEqual(new Uint8Array([7]));
    expect(fetchWithProgress).toHaveBeenCalledTimes(1);
    expect(fetchWithProgress.mock.calls[0]?.[0]).toBe('/api/v1/images/resize');
    expect(progress).toEqual([
      { loaded: PROGRESS_MIN_BYTES / 2, total: PROGRESS_MIN_BYTES },
      { loaded: PROGRESS_MIN_BYTES, total: PROGRESS_MIN_BYTES },
    ]);

    const small = await client.call(resizeApi, { file: image() }, { onUploadProgress });
    expect(new Uint8Array(await small.blob.arrayBuffer())).toEqual(new Uint8Array([8]));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetchWithProgress).toHaveBeenCalledTimes(1);
  });

  it('post typed text as a JSON body with its fields', async () => {
    const { client, calls } = clientWith(
      new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    const api = {
      path: '/data/json-to-csv',
      input: { kind: 'json-or-file', field: 'file', textKey: 'json' },
      output: 'document',
    } as const;
    const result = await client.call(api, { text: '[{"a":1,"b":2}]', fields: { header: true } });
    expect(result.text).toBe('a,b\n1,2\n');
    expect(calls[0]?.init?.body).toBe('{"json":"[{\\"a\\":1,\\"b\\":2}]","header":true}');
    expect(new Headers(calls[0]?.init?.headers).get('content-type')).toBe('application/json');
  });

  it('leave an aborted request aborted: no NetworkError, no retry', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client } = clientWith(abort);
    const error = await client
      .call(resizeApi, { file: image() }, { signal: controller.signal })
      .catch((reason: unknown) => reason);
    expect(error).toBe(abort);
    expect(isRetryableError(error)).toBe(false);
  });
});
