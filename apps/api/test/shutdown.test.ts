import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from './helpers/fixtures.js';
import { imageForm } from './helpers/form.js';
import { freePort } from './helpers/listen.js';
import { logWatcher, startServerProcess } from './helpers/server-process.js';

/* The real entry point (src/server.ts) in its own process, stopped with SIGTERM mid-request. */

let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

describe('graceful shutdown', () => {
  it('answers an upload still arriving at SIGTERM with 503 at once, refuses new connections, then exits 0', async () => {
    const port = await freePort();
    child = startServerProcess(port);
    const exited = once(child, 'exit');
    const log = logWatcher(child);
    await log.until((l) => l.includes('Server listening'));

    // Start an upload and send only half of it: the request is now in flight.
    const { payload, headers } = imageForm(
      fixture('images/chelsea_cat_451x300.png'),
      { width: 90 },
      'cat.png',
    );
    const half = Math.floor(payload.length / 2);
    let answered = false;
    const response = new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/api/v1/images/resize', method: 'POST', headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            answered = true;
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        // Sending the rest after the answer may meet a closed connection: that is expected.
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        req.write(payload.subarray(0, half));
        log
          .until((l) => l.includes('"msg":"shutting down: finishing in-flight requests"'))
          .then(() => req.end(payload.subarray(half)));
      },
    );
    // The upload holds its image-lane slot once its request is in (the lanes' load is public in /ready).
    for (;;) {
      const ready = (await (await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).json()) as {
        lanes: { images: { running: number } };
      };
      if (ready.lanes.images.running === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    child.kill('SIGTERM');
    await log.until((l) => l.includes('shutting down'));
    // The listening socket is closed: a new connection is refused.
    await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();

    // The half-sent upload is not left to be cut off later: it learns now to retry elsewhere.
    const { status, headers: answer, body } = await response;
    expect([status, answer.connection, answer['retry-after']]).toEqual([503, 'close', '5']);
    expect(JSON.parse(body.toString())).toEqual({
      success: false,
      message: 'The server is restarting. Please try again in a few seconds.',
      code: 'OVERLOADED',
    });

    const [code] = await exited;
    expect(code).toBe(0);
    expect(log.lines.some((l) => l.includes('shut down cleanly'))).toBe(true);
    // Structured logs: one JSON object per line, request lines tagged with the request id, and
    // nothing of the uploaded file in them.
    const entries = log.lines.map((l) => JSON.parse(l) as { msg?: string; reqId?: string });
    expect(entries.filter((e) => e.msg === 'request').every((e) => typeof e.reqId === 'string')).toBe(true);
    const fileSample = payload.subarray(half, half + 64).toString('base64');
    expect(log.lines.some((l) => l.includes(fileSample) || l.length > 2000)).toBe(false);
  }, 60_000); // starting the TypeScript entry through tsx takes a while on a busy machine
});
