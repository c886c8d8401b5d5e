import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { getTool } from '@toolkit/catalog';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASYNC_MIN_BYTES } from './jobs';
import { createQueryClient } from './query-client';
import { isAbortError, runsAsJob, useToolMutation } from './use-tool-mutation';

/*
 * The panels' mutation running a call as a job: the job id in the page's address, the job found
 * again from it after a reload, cancel sending DELETE. The polling itself is jobs.test.ts.
 */

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

const id = 'Zy8xW7vU6tS5rQ4pO3nM2l';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const accepted = () =>
  json(202, { success: true, message: 'The job is queued.', data: { id, status: 'queued' } });
const status = (state: string, operation = 'audio/convert') =>
  json(200, {
    success: true,
    message: '',
    data: { id, operation, status: state, progress: null, error: null },
  });
const mp3 = () =>
  new Response(new Uint8Array([0x49, 0x44, 0x33]), {
    headers: { 'content-type': 'audio/mpeg', 'content-disposition': 'attachment; filename="a-convert.mp3"' },
  });
const wav = () => new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'a.wav', { type: 'audio/wav' });

function stubFetch(...responses: (() => Response)[]) {
  const requests: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    requests.push(`${init?.method ?? 'GET'} ${String(url)}`);
    const next = responses.shift();
    if (!next) throw new Error('No more responses.');
    return next();
  });
  return requests;
}

const jobInUrl = () => new URLSearchParams(window.location.search).get('job');

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/docs/api/convert-audio');
});

describe('a tool call run as a job', () => {
  it('puts the job id in the address, shows the result, and leaves the id there for a reload', async () => {
    window.history.replaceState(null, '', '/docs/api/convert-audio?tab=1');
    const requests = stubFetch(accepted, () => status('succeeded'), mp3);
    const tool = getTool('convert-audio');
    const { result } = renderHook(() => useToolMutation(tool, { runAsJob: () => true }), { wrapper });
    act(() => result.current.mutate({ file: wav(), fields: { format: 'mp3' } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toEqual([
      'POST /api/v1/audio/convert',
      `GET /api/v1/jobs/${id}`,
      `GET /api/v1/jobs/${id}/result`,
    ]);
    expect(result.current.data?.filename).toBe('a-convert.mp3');
    expect(result.current.variables?.fields).toEqual({ format: 'mp3' });
    expect(jobInUrl()).toBe(id);
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('1');
    // A new input: the old job is no longer what the page shows.
    act(() => result.current.reset());
    expect(jobInUrl()).toBeNull();
  });

  it('finds the job again from the address after a reload, with no file chosen', async () => {
    window.history.replaceState(null, '', `/docs/api/convert-audio?job=${id}`);
    const requests = stubFetch(() => status('succeeded'), mp3);
    const { result } = renderHook(() => useToolMutation(getTool('convert-audio')), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requests).toEqual([`GET /api/v1/jobs/${id}`, `GET /api/v1/jobs/${id}/result`]);
    expect(result.current.data?.contentType).toBe('audio/mpeg');
    expect(result.current.variables).toBeUndefined();
  });

  it('cancels: DELETE on the server, the id out of the address, no error to show', async () => {
    const requests = stubFetch(
      accepted,
      () => status('running'),
      () => new Response(null, { status: 204 }),
    );
    const { result } = renderHook(() => useToolMutation(getTool('convert-audio'), { runAsJob: () => true }), {
      wrapper,
    });
    act(() => result.current.mutate({ file: wav() }));
    await waitFor(() => expect(result.current.job?.status).toBe('running'));
    expect(result.current.job?.id).toBe(id);
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(isAbortError(result.current.error)).toBe(true);
    expect(requests.at(-1)).toBe(`DELETE /api/v1/jobs/${id}`);
    expect(jobInUrl()).toBeNull();
    expect(result.current.job).toBeNull();
  });

  it('runs a call as a job when the panel says so or when the upload reaches ASYNC_MIN_BYTES', () => {
    const api = getTool('resize-image').api;
    const small = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    const large = new File([new Uint8Array(ASYNC_MIN_BYTES)], 'b.png', { type: 'image/png' });
    expect(runsAsJob(api, { file: small })).toBe(false);
    expect(runsAsJob(api, { file: large })).toBe(true);
    expect(runsAsJob(api, { file: small }, () => true)).toBe(true);
  });
});
