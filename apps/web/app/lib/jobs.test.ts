import { describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError, createApiClient, parseJob } from './api-client';
import { jobOutcome, POLL_FIRST_MS, POLL_MAX_MS, type PollOptions, waitForJob } from './jobs';
import { type ToolInput, toolRequest } from './tool-request';
import { type FileResult, readResult } from './tool-response';

/*
 * The job-aware client against a scripted server: submit with Prefer: respond-async, poll the
 * status (backing off, honouring Retry-After), read /result as the synchronous answer, cancel.
 */

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

const id = 'AbCdEfGhIjKlMnOpQrStUv';
const status = (state: string, progress: number | null = null, operation = 'audio/convert') =>
  json(200, {
    success: true,
    message: `The job is ${state}.`,
    data: {
      id,
      operation,
      status: state,
      progress,
      createdAt: '',
      startedAt: null,
      finishedAt: null,
      error: null,
    },
  });
const accepted = () =>
  json(
    202,
    {
      success: true,
      message: 'The job is queued.',
      data: { id, status: 'queued', statusUrl: `/api/v1/jobs/${id}`, resultUrl: `/api/v1/jobs/${id}/result` },
    },
    { location: `/api/v1/jobs/${id}` },
  );
const mp3 = () =>
  new Response(new Uint8Array([0x49, 0x44, 0x33, 4]), {
    headers: {
      'content-type': 'audio/mpeg',
      'content-disposition': 'attachment; filename="talk-convert.mp3"',
    },
  });

/** A client whose fetch answers from a list; the waits polling asks for are recorded, not slept. */
function scripted(...responses: (Response | Error)[]) {
  const calls: { method: string; url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      method: init?.method ?? 'GET',
      url: String(url),
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const next = responses.shift();
    if (!next) throw new Error('No more responses.');
    if (next instanceof Error) throw next;
    return next;
  });
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  const client = createApiClient({ baseUrl: '/api/v1', fetch, apiKey: () => 'k-123' });
  return { client, calls, waits, wait };
}

const audioApi = {
  path: '/audio/convert',
  input: { kind: 'file', field: 'audio', accept: ['audio/wav'] },
  output: 'audio',
} as const;
const wav = () => new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'talk.wav', { type: 'audio/wav' });
const readAudio = async (response: Response) => (await readResult(response, 'audio')) as FileResult;

/** Submits the call as a job and follows it to its result, as the website's mutation does. */
async function callAsJob(client: ApiClient, input: ToolInput, options: PollOptions = {}) {
  const { id: submitted } = await client.submitJob(audioApi, toolRequest(audioApi.input, input));
  return { id: submitted, result: await jobOutcome(client, 'audio', submitted, readAudio, options) };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('Expected a failure.');
    },
    (reason: unknown) => reason,
  );
}

describe('a call run as a job', () => {
  it('is submitted with Prefer: respond-async, polled until it ends, and its result read as a file', async () => {
    const { client, calls, waits, wait } = scripted(
      accepted(),
      status('queued'),
      status('running', 40),
      status('succeeded', 100),
      mp3(),
    );
    const seen: string[] = [];
    const { id: submitted, result } = await callAsJob(
      client,
      { file: wav(), fields: { format: 'mp3' } },
      { wait, onStatus: (job) => seen.push(`${job.status}:${job.progress}`) },
    );
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/v1/audio/convert',
      `GET /api/v1/jobs/${id}`,
      `GET /api/v1/jobs/${id}`,
      `GET /api/v1/jobs/${id}`,
      `GET /api/v1/jobs/${id}/result`,
    ]);
    expect(calls[0]?.headers).toMatchObject({ Prefer: 'respond-async', Authorization: 'Bearer k-123' });
    expect(calls[4]?.headers).toMatchObject({ Accept: '*/*', Authorization: 'Bearer k-123' });
    expect(submitted).toBe(id);
    expect(seen).toEqual(['queued:null', 'running:40', 'succeeded:100']);
    // Backing off: each wait longer than the last.
    expect(waits).toEqual([POLL_FIRST_MS, POLL_FIRST_MS * 1.5]);
    expect(result.filename).toBe('talk-convert.mp3');
    expect(result.contentType).toBe('audio/mpeg');
    expect([...new Uint8Array(await result.blob.arrayBuffer())]).toEqual([0x49, 0x44, 0x33, 4]);
  });

  it('throws the error the synchronous call would have thrown when the job failed', async () => {
    const { client, wait } = scripted(
      accepted(),
      status('failed', 100),
      json(415, {
        success: false,
        message: 'The file is not audio in a format this converter reads.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    const error = await failure(callAsJob(client, { file: wav() }, { wait }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The file is not audio in a format this converter reads.',
    });
  });

  it('says so when the job was cancelled elsewhere, without asking for a result', async () => {
    const { client, calls, wait } = scripted(status('cancelled'));
    const error = await failure(jobOutcome(client, 'audio', id, readAudio, { wait }));
    expect(error).toMatchObject({ code: 'JOB_CANCELLED', message: 'The job was cancelled.' });
    expect(calls).toHaveLength(1);
  });

  it('refuses a job of another tool (a job id pasted into the wrong page)', async () => {
    const { client, wait } = scripted(status('succeeded', 100, 'images/resize'));
    const error = await failure(
      jobOutcome(client, 'audio', id, readAudio, { wait, operation: 'audio/convert' }),
    );
    expect(error).toMatchObject({ status: 404, message: 'This job belongs to another tool.' });
  });

  it('gives the server’s 404 sentence for an expired job', async () => {
    const message = `There is no job ${id}: it never existed, or it has expired.`;
    const { client, wait } = scripted(json(404, { success: false, message, code: 'NOT_FOUND' }));
    expect(await failure(waitForJob(client, id, { wait }))).toMatchObject({ status: 404, message });
  });
});

describe('polling', () => {
  it('waits as long as Retry-After says on a 503 or 429, and rides out a lost connection', async () => {
    const busy = (code: string, s: number, seconds: string) =>
      json(s, { success: false, message: 'Busy.', code }, { 'retry-after': seconds });
    const { client, waits, wait } = scripted(
      busy('OVERLOADED', 503, '7'),
      new TypeError('Failed to fetch'),
      busy('RATE_LIMITED', 429, '3'),
      status('succeeded', 100),
    );
    const job = await waitForJob(client, id, { wait });
    expect(job.status).toBe('succeeded');
    expect(waits).toEqual([7000, POLL_FIRST_MS * 1.5, 3000]);
  });

  it('slows down to POLL_MAX_MS and no further', async () => {
    const running = Array.from({ length: 12 }, () => status('running', 10));
    const { client, waits, wait } = scripted(...running, status('succeeded', 100));
    await waitForJob(client, id, { wait });
    expect(waits).toHaveLength(12);
    expect(Math.max(...waits)).toBe(POLL_MAX_MS);
    expect(waits.at(-1)).toBe(POLL_MAX_MS);
  });

  it('gives up after five failures in a row', async () => {
    const down = Array.from({ length: 6 }, () => new TypeError('Failed to fetch'));
    const { client, wait } = scripted(...down);
    expect(await failure(waitForJob(client, id, { wait }))).toBeInstanceOf(TypeError);
  });

  it('asks for the result again after a 409 JOB_NOT_FINISHED, as long as its Retry-After says', async () => {
    const { client, calls, waits, wait } = scripted(
      status('succeeded', 100),
      json(
        409,
        { success: false, message: 'The job is running: ask again in a moment.', code: 'JOB_NOT_FINISHED' },
        { 'retry-after': '2' },
      ),
      mp3(),
    );
    const result = await jobOutcome(client, 'audio', id, readAudio, { wait });
    expect(result.filename).toBe('talk-convert.mp3');
    expect(waits).toEqual([2000]);
    expect(calls.map((call) => call.url).slice(1)).toEqual([
      `/api/v1/jobs/${id}/result`,
      `/api/v1/jobs/${id}/result`,
    ]);
  });

  it('stops at once when aborted', async () => {
    const { client } = scripted(status('running', 5), status('running', 6));
    const controller = new AbortController();
    const pending = waitForJob(client, id, { signal: controller.signal, onStatus: () => controller.abort() });
    const error = await failure(pending);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('cancel and status', () => {
  it('cancels with DELETE /jobs/{id} and the key', async () => {
    const { client, calls } = scripted(new Response(null, { status: 204 }));
    await client.cancelJob(id);
    expect(calls).toEqual([expect.objectContaining({ method: 'DELETE', url: `/api/v1/jobs/${id}` })]);
    expect(calls[0]?.headers.Authorization).toBe('Bearer k-123');
  });

  it('reads a status document, clamping progress to 0–100, and rejects what is not one', () => {
    expect(
      parseJob({ data: { id, operation: 'audio/convert', status: 'running', progress: 140, error: null } }),
    ).toEqual({
      id,
      operation: 'audio/convert',
      status: 'running',
      progress: 100,
      error: null,
    });
    expect(parseJob({ data: { id, status: 'sleeping' } })).toBeUndefined();
    expect(parseJob({ success: true })).toBeUndefined();
  });

  it('calls a 200 to an asynchronous submit an invalid answer rather than guess', async () => {
    const { client } = scripted(json(200, { success: true, message: 'ok', data: {} }));
    const error = await failure(client.submitJob(audioApi, toolRequest(audioApi.input, { file: wav() })));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
