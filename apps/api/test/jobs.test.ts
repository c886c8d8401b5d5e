import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';

/*
 * Asynchronous jobs with the embedded engine (API.md "Asynchronous jobs"): 202 and a job address,
 * status, the result exactly as the synchronous call gives it, cancelling, expiry, and signed
 * webhooks to a receiver on loopback.
 */

const async = { prefer: 'respond-async' };
const wordCount = { method: 'POST', url: '/api/v1/text/word-count' } as const;

async function waitFor(app: FastifyInstance, id: string, done = ['succeeded', 'failed', 'cancelled']) {
  for (let i = 0; i < 600; i++) {
    const data = (await app.inject({ url: `/api/v1/jobs/${id}` })).json().data;
    if (done.includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

function audioForm() {
  return form([
    {
      name: 'audio',
      filename: 'voice.oga',
      type: 'audio/ogg',
      data: fixture('audio/complete_vorbis_stereo.oga'),
    },
    { name: 'format', value: 'mp3' },
  ]);
}

describe('jobs, in this process', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await makeApp({ JOBS_CONCURRENCY: '1' });
  });
  afterAll(() => app.close());

  it('answers 202 with the job, and its result is exactly the synchronous answer', async () => {
    const payload = { text: 'One two three. Four!' };
    const accepted = await app.inject({ ...wordCount, headers: async, payload });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers['preference-applied']).toBe('respond-async');
    const { data } = accepted.json();
    expect(data.id).toMatch(/^[\w-]{22}$/);
    expect(accepted.headers.location).toBe(`/api/v1/jobs/${data.id}`);
    expect(data).toEqual({
      id: data.id,
      status: 'queued',
      statusUrl: `/api/v1/jobs/${data.id}`,
      resultUrl: `/api/v1/jobs/${data.id}/result`,
    });

    const status = await waitFor(app, data.id);
    expect(status).toMatchObject({
      id: data.id,
      operation: 'text/word-count',
      status: 'succeeded',
      progress: 100,
      error: null,
    });
    expect(Date.parse(status.finishedAt)).toBeGreaterThanOrEqual(Date.parse(status.startedAt));

    const result = await app.inject({ url: data.resultUrl });
    const direct = await app.inject({ ...wordCount, payload });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe(direct.headers['content-type']);
    expect(result.json()).toEqual(direct.json());
    expect(result.json().data.words).toBe(4);
    // The metrics count jobs by state.
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^toolkit_jobs\{state="succeeded"\} [1-9]/m);
  });

  it('runs a file upload as a job: the image comes back decoded at its size', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const { payload, headers } = form([
      { name: 'image', filename: 'blue.png', type: 'image/png', data: photo },
      { name: 'width', value: '150' },
    ]);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/images/resize',
      headers: { ...headers, ...async },
      payload,
    });
    expect(accepted.statusCode).toBe(202);
    const { id } = accepted.json().data;
    await waitFor(app, id);
    const result = await app.inject({ url: `/api/v1/jobs/${id}/result` });
    expect(result.headers['content-disposition']).toContain('blue-resize.png');
    const meta = await sharp(result.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 150, 100]);
  });

  it('refuses invalid input before 202, exactly as the synchronous call does', async () => {
    const payload = { text: 42 };
    const refused = await app.inject({ ...wordCount, headers: async, payload });
    const direct = await app.inject({ ...wordCount, payload });
    expect(direct.statusCode).toBe(400);
    expect(refused.statusCode).toBe(direct.statusCode);
    expect(refused.json()).toEqual(direct.json());
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it("keeps a failed job's answer: the same status, code and sentence as the synchronous call", async () => {
    // Valid fields, a file the operation refuses only once it reads it.
    const body = form([{ name: 'image', filename: 'x.png', data: Buffer.from('not an image') }]);
    const flip = { method: 'POST' as const, url: '/api/v1/images/flip' };
    const accepted = await app.inject({ ...flip, ...withAsync(body) });
    const { id } = accepted.json().data;
    const status = await waitFor(app, id);
    const direct = await app.inject({ ...flip, ...body });
    expect(direct.statusCode).toBe(415);
    expect(status.status).toBe('failed');
    expect(status.error).toEqual({ code: direct.json().code, message: direct.json().message });
    const result = await app.inject({ url: `/api/v1/jobs/${id}/result` });
    expect(result.statusCode).toBe(direct.statusCode);
    expect(result.json()).toEqual(direct.json());
  });

  it('says 409 JOB_NOT_FINISHED with Retry-After while a job waits, and DELETE cancels it', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/audio/convert',
      ...withAsync(audioForm()),
    });
    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/audio/convert',
      ...withAsync(audioForm()),
    });
    const waiting = second.json().data.id;
    const early = await app.inject({ url: `/api/v1/jobs/${waiting}/result` });
    expect(early.statusCode).toBe(409);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json().code).toBe('JOB_NOT_FINISHED');

    expect((await app.inject({ method: 'DELETE', url: `/api/v1/jobs/${waiting}` })).statusCode).toBe(204);
    expect((await app.inject({ url: `/api/v1/jobs/${waiting}` })).json().data.status).toBe('cancelled');
    expect((await app.inject({ url: `/api/v1/jobs/${waiting}/result` })).statusCode).toBe(404);
    // The first one still finishes, with a real MP3.
    const done = await waitFor(app, first.json().data.id);
    expect(done.status).toBe('succeeded');
    const mp3 = (await app.inject({ url: done.resultUrl })).rawPayload;
    expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || mp3[0] === 0xff).toBe(true);
  });

  it('answers 404 NOT_FOUND for an unknown job', async () => {
    const response = await app.inject({ url: '/api/v1/jobs/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no job AAAAAAAAAAAAAAAAAAAAAA: it never existed, or it has expired.',
    });
  });
});

function withAsync(body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...body.headers, ...async } };
}

describe('job results expire', () => {
  it('after JOB_RESULT_TTL_SECONDS', async () => {
    const app = await makeApp({ JOB_RESULT_TTL_SECONDS: '1' });
    try {
      const { id } = (await app.inject({ ...wordCount, headers: async, payload: { text: 'a b' } })).json()
        .data;
      await waitFor(app, id);
      expect((await app.inject({ url: `/api/v1/jobs/${id}/result` })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect((await app.inject({ url: `/api/v1/jobs/${id}/result` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('webhooks', () => {
  const secret = 'whsec-test-1234';
  let receiver: Server;
  let receiverUrl: string;
  const received: { body: string; signature: string }[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['webhook-signature']) });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          res.writeHead(503).end();
        } else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('POSTs the finished job, signed, retrying 5xx with backoff', async () => {
    const app = await makeApp({
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '20',
    });
    try {
      received.length = 0;
      failuresLeft = 2;
      const accepted = await app.inject({
        ...wordCount,
        headers: { ...async, 'callback-url': receiverUrl },
        payload: { text: 'x y z' },
      });
      const { id } = accepted.json().data;
      await waitFor(app, id);
      for (let i = 0; i < 100 && received.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(3);
      for (const { body, signature } of received) {
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
        expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
        expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(300);
      }
      const document = JSON.parse(received[2]?.body ?? '');
      expect(document).toMatchObject({
        event: 'job.finished',
        data: { id, status: 'succeeded', operation: 'text/word-count' },
      });
    } finally {
      await app.close();
    }
  });

  it('refuses addresses a webhook may not reach, whatever their form', async () => {
    const app = await makeApp({ WEBHOOK_SECRET: secret });
    try {
      const refused = [
        'http://127.0.0.1/hook',
        'HTTP://127.0.0.1/hook',
        'http://localhost:8080/hook',
        'http://2130706433/',
        'http://0x7f.0.0.1/',
        'http://[::1]/',
        'http://10.0.0.5/',
        'http://172.16.5.4/',
        'http://192.168.1.1/',
        'http://100.64.0.1/',
        'http://169.254.169.254/latest/meta-data',
        'http://[fe80::1]/',
        'http://[fd00::1]/',
        'http://224.0.0.1/',
        'http://[ff02::1]/',
        'http://0.0.0.0/',
        'http://[::ffff:127.0.0.1]/',
        'http://[::ffff:8.8.8.8]/',
        'http://[2002:7f00:1::]/',
        'http://[64:ff9b::7f00:1]/',
        'ftp://example.com/',
        'file:///etc/passwd',
        'not a url',
      ];
      for (const url of refused) {
        const response = await app.inject({
          ...wordCount,
          headers: { ...async, 'callback-url': url },
          payload: { text: 'a' },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().code, url).toBe('INVALID_CALLBACK_URL');
      }
    } finally {
      await app.close();
    }
  });

  it('is refused with a sentence when webhooks are off (no WEBHOOK_SECRET)', async () => {
    const app = await makeApp();
    try {
      const response = await app.inject({
        ...wordCount,
        headers: { ...async, 'callback-url': receiverUrl },
        payload: { text: 'a' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Webhooks are off on this server (WEBHOOK_SECRET is not set).');
    } finally {
      await app.close();
    }
  });
});

describe('jobs with API keys', () => {
  it('are seen only by the key that made them', async () => {
    const app = await makeApp({ API_KEYS: 'key-one,key-two' });
    try {
      const accepted = await app.inject({
        ...wordCount,
        headers: { ...async, 'x-api-key': 'key-one' },
        payload: { text: 'a' },
      });
      const { id } = accepted.json().data;
      expect(
        (await app.inject({ url: `/api/v1/jobs/${id}`, headers: { 'x-api-key': 'key-one' } })).statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ url: `/api/v1/jobs/${id}`, headers: { 'x-api-key': 'key-two' } })).statusCode,
      ).toBe(404);
      expect((await app.inject({ url: `/api/v1/jobs/${id}` })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
