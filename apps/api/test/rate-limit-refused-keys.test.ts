import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers/app.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * API.md "A job accepted is a job done": wrong API keys count against the rate limit of the address
 * that sends them (429 with Retry-After), so keys cannot be guessed at full speed. Over a real
 * socket, with RATE_LIMIT_MAX=5.
 */

const goodKey = 'key-good-0123456789';
const path = '/api/v1/text/word-count';

async function post(base: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ text: 'one two' }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe('wrong API keys and the rate limit', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await makeApp({ API_KEYS: goodKey, RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '600000' });
    base = await listenOnFreePort(app);
  });
  afterAll(() => app.close());

  it('answers 401 to the first 5 wrong keys of an address, then 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await post(base, { 'x-api-key': `guess-${i}` }));
    expect(answers.map((a) => a.status)).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    expect(answers[0]?.body).toEqual({
      success: false,
      code: 'UNAUTHORIZED',
      message: "This API key is not valid: check it, or ask the server's operator for one.",
    });
    const limited = answers[29];
    expect(limited?.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests: the limit is 5 per 600 s\. Try again in \d+ s\.$/),
    });
    const retryAfter = Number(limited?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // A missing key is refused the same way, and counted the same way.
    expect((await post(base, {})).status).toBe(429);
  });

  it('leaves the right key its own allowance at the same address', async () => {
    const answer = await post(base, { authorization: `Bearer ${goodKey}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { words: 2 } });
  });
});

describe('wrong API keys without a rate limit', () => {
  it('are only refused (401) when RATE_LIMIT_ENABLED=false', async () => {
    const app = await makeApp({ API_KEYS: goodKey, RATE_LIMIT_ENABLED: 'false', RATE_LIMIT_MAX: '1' });
    try {
      const base = await listenOnFreePort(app);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(base, { 'x-api-key': 'wrong' })).status);
      expect(statuses).toEqual([401, 401, 401, 401]);
    } finally {
      await app.close();
    }
  });
});
