import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { getTool } from '@toolkit/catalog';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-errors';
import { createQueryClient } from './query-client';
import { isAbortError, useToolMutation } from './use-tool-mutation';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' });

function stubFetch(...responses: (() => Response)[]) {
  const requests: RequestInit[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    requests.push(init ?? {});
    const next = responses.shift();
    if (!next) throw new Error('No more responses.');
    return next();
  });
  return requests;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useToolMutation', () => {
  it("gives an 'image' tool's result as a file with its name and size headers", async () => {
    stubFetch(
      () =>
        new Response(new Uint8Array([1, 2]), {
          headers: {
            'content-type': 'image/png',
            'content-disposition': 'attachment; filename="cat-resize.png"',
            'x-image-width': '40',
            'x-image-height': '30',
          },
        }),
    );
    const { result } = renderHook(() => useToolMutation(getTool('resize-image')), { wrapper });
    act(() => result.current.mutate({ file: png(), fields: { width: 40 } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ filename: 'cat-resize.png', width: 40, height: 30 });
    expect(result.current.data?.blob.size).toBe(2);
  });

  it("gives an 'analysis' tool's data, typed from its response schema", async () => {
    const data = {
      base64: 'AA==',
      dataUri: 'data:image/png;base64,AA==',
      cssUrl: 'url()',
      mimeType: 'image/png',
      bytes: 1,
      width: 1,
      height: 1,
    };
    const requests = stubFetch(() => Response.json({ success: true, message: 'ok', data }));
    const { result } = renderHook(() => useToolMutation(getTool('image-base64')), { wrapper });
    act(() => result.current.mutate({ file: png() }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // Typed: data.base64 is a string here without a cast.
    const base64: string | undefined = result.current.data?.data.base64;
    expect(base64).toBe('AA==');
    expect([...((requests[0]?.body as FormData | undefined)?.keys() ?? [])]).toEqual(['image']);
  });

  it('retries a 503 with Retry-After, then succeeds; a 400 is not retried', async () => {
    const busy = () =>
      Response.json(
        { success: false, message: 'Busy.', code: 'OVERLOADED' },
        { status: 503, headers: { 'retry-after': '0' } },
      );
    const ok = () => Response.json({ success: true, message: 'ok', data: {} });
    const requests = stubFetch(busy, ok);
    const { result } = renderHook(() => useToolMutation(getTool('image-base64')), { wrapper });
    act(() => result.current.mutate({ file: png() }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toHaveLength(2);

    const bad = () =>
      Response.json({ success: false, message: 'Bad.', code: 'VALIDATION_ERROR' }, { status: 400 });
    const again = stubFetch(bad, ok);
    act(() => result.current.mutate({ file: png() }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(again).toHaveLength(1);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error?.message).toBe('Bad.');
  });

  it('cancel() aborts the request in flight; the error is an AbortError, not retried', async () => {
    const requests: RequestInit[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          requests.push(init ?? {});
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted.', 'AbortError')));
        }),
    );
    const { result } = renderHook(() => useToolMutation(getTool('resize-image')), { wrapper });
    act(() => result.current.mutate({ file: png() }));
    await waitFor(() => expect(requests).toHaveLength(1));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(isAbortError(result.current.error)).toBe(true);
    expect(requests).toHaveLength(1);
  });
});
