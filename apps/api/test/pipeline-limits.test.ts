import { describe, expect, it } from 'vitest';
import { fixture } from './helpers/fixtures.js';
import { form } from './helpers/form.js';
import { idleWithin } from './helpers/idle.js';
import { servePerFile } from './helpers/listen.js';

/*
 * A pipeline's time limit is the sum of its steps' (API.md "Pipelines and batches"): a sum over
 * PIPELINE_TIMEOUT_MS is refused before any work, and a run past its sum answers 503 TIMEOUT with
 * its step's work stopped.
 */

describe('a chain whose time limits add up to more than the maximum', () => {
  const server = servePerFile({ PIPELINE_TIMEOUT_MS: '60000' });

  it('is refused before any step runs', async () => {
    // The corrupt image would fail step 1 with 422 if anything ran.
    const { payload, headers } = form([
      {
        name: 'pipeline',
        value: JSON.stringify({
          steps: [
            { op: 'images/rotate', angle: 90 },
            { op: 'images/flip' },
            { op: 'images/resize', width: 9 },
          ],
        }),
      },
      { name: 'files', filename: 'broken.jpg', data: fixture('bad/truncated_skimage.jpg') },
    ]);
    const response = await fetch(`${server.base}/api/v1/pipeline`, {
      method: 'POST',
      headers,
      body: payload,
    });
    expect(response.status).toBe(400);
    const message =
      "The steps' time limits add up to 90 s; a pipeline may take at most 60 s. Use fewer steps.";
    expect(await response.json()).toEqual({
      success: false,
      code: 'PIPELINE_INVALID',
      message,
      details: [{ field: 'steps', message }],
    });
  });

  it('two steps (60 s) run', async () => {
    const response = await fetch(`${server.base}/api/v1/pipeline`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        steps: [{ op: 'data/csv-to-json' }, { op: 'data/json-to-csv' }],
        input: { text: 'a\n1\n' },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('a\r\n1\r\n');
  });
});

describe('a run past the sum of its limits', () => {
  const server = servePerFile({ REQUEST_TIMEOUT_MS: '1000', LANE_WORKERS_CONCURRENCY: '1' });
  const post = (path: string, body: unknown) =>
    fetch(`${server.base}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers 503 TIMEOUT naming the step, and the step stops its work', async () => {
    // Typesetting close to the 2 million characters allowed takes seconds of a worker thread.
    const text = 'lorem ipsum dolor sit amet '.repeat(70_000);
    const response = await post('pipeline', { steps: [{ op: 'pdf/from-text' }], input: { text } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      code: 'TIMEOUT',
      message:
        "Step 1 (pdf/from-text): the pipeline took longer than 1 s, the sum of its steps' time limits.",
    });
    // The worker thread is stopped: the process comes back to idle well before typesetting could end.
    expect(await idleWithin(10_000)).toBe(true);
    // And the lane's only slot is free again: the next request is read and checked.
    const next = await post('pdf/from-text', { text: 'Hello', font_size: 'huge' });
    expect(next.status).toBe(400);
    expect(await next.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  }, 60_000);
});
