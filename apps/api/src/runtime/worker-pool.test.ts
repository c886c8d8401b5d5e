import { readdirSync } from 'node:fs';
import Piscina from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { OperationError } from '../operations/errors.js';
import { serveTasks } from '../workers/task-table.js';
import { fixtureTasks } from './worker-pool.fixture.js';
import { WorkerPool } from './worker-pool.js';

const entry = new URL('./worker-pool.fixture.ts', import.meta.url);
const pool = new WorkerPool<typeof fixtureTasks>(entry, {
  threads: 1,
  maxQueue: 2,
  timeoutMs: 10_000,
  maxHeapMb: 64,
  youngHeapMb: 24,
});
afterAll(() => pool.close());

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the task should have failed'),
    (error: unknown) => error,
  );
}

describe('WorkerPool', () => {
  it('runs a task in a worker thread and returns its value', async () => {
    expect(await pool.run('test.sum', { values: [1, 2, 3.5] })).toBe(6.5);
    expect(await pool.run('test.bytes', new Uint8Array(1000))).toBe(1000);
  });

  it('gives each worker the heap limits it was configured with', async () => {
    expect(await pool.run('test.limits', undefined)).toMatchObject({
      maxOldGenerationSizeMb: 64,
      maxYoungGenerationSizeMb: 24,
    });
  });

  it('moves a byte array handed over instead of copying it, and moves whole encoded bodies back', async () => {
    const upload = new Uint8Array(1 << 20);
    expect(await pool.run('test.bytes', upload, { transfer: [upload.buffer] })).toBe(1 << 20);
    expect(upload.byteLength).toBe(0); // detached here: the worker owns it now
    const reply = await pool.run('test.text', { repeat: 100_000 });
    expect(new TextDecoder().decode(reply.body)).toBe('é'.repeat(100_000));
    expect(Buffer.from(reply.small).toString()).toBe('pooled');
  });

  it('puts only buffers a byte array owns whole in the transfer list', async () => {
    const reply = (await serveTasks(fixtureTasks)({ name: 'test.text', input: { repeat: 5000 } })) as Record<
      symbol,
      unknown
    >;
    const moved = reply[Piscina.transferableSymbol] as ArrayBuffer[];
    const value = reply[Piscina.valueSymbol] as { ok: true; value: { body: Uint8Array; small: Buffer } };
    expect(moved).toEqual([value.value.body.buffer]);
    expect(moved).not.toContain(value.value.small.buffer);
  });

  it('re-creates an OperationError thrown in the worker, field included', async () => {
    const error = await failure(pool.run('test.refuse', { field: 'csv' }));
    expect(error).toBeInstanceOf(OperationError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'csv',
      message: 'Line 3, column 7: a comma is missing.',
    });
  });

  it('lets any other error through as a bug', async () => {
    const error = await failure(pool.run('test.bug', undefined as never));
    expect(error).not.toBeInstanceOf(OperationError);
    expect((error as Error).message).toContain('a bug in a task');
  });

  it('terminates a task past its time limit with TIMEOUT, and the next task still runs', async () => {
    // The task never ends by itself: only the time limit can have stopped it.
    const error = await failure(pool.run('test.spin', undefined as never, { timeoutMs: 300 }));
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message: 'The work took longer than 0.3 s and was stopped.',
    });
    expect(await pool.run('test.sum', { values: [2, 2] })).toBe(4);
  });

  it('stops a running task when its request is given up', async () => {
    const controller = new AbortController();
    const running = failure(pool.run('test.spin', undefined as never, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    expect(await running).toMatchObject({
      code: 'TIMEOUT',
      message: 'The request was cancelled before the work finished.',
    });
    expect(await pool.run('test.sum', { values: [1] })).toBe(1);
  });

  it('settles a stopped task only once its thread has stopped', async () => {
    // The process's threads, as the kernel lists them: a worker's is gone once it has exited.
    const threads = () => readdirSync('/proc/self/task').length;
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    const running = failure(pool.run('test.count', { counter }, { signal: controller.signal }));
    while (Atomics.load(counter, 0) === 0) await new Promise((r) => setTimeout(r, 10));
    const working = threads();
    controller.abort();
    expect(await running).toMatchObject({ code: 'TIMEOUT' });
    expect(threads()).toBeLessThan(working);
    const settled = Atomics.load(counter, 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(Atomics.load(counter, 0)).toBe(settled);
  });

  it('refuses a task at once with OVERLOADED when the queue is full', async () => {
    const controller = new AbortController();
    const busy = [1, 2, 3].map(() =>
      pool.run('test.spin', undefined as never, { signal: controller.signal }).catch((e: unknown) => e),
    );
    const error = await failure(pool.run('test.sum', { values: [1] }));
    expect(error).toMatchObject({ code: 'OVERLOADED' });
    controller.abort();
    await Promise.all(busy);
  });

  it('fails a task that exhausts its heap with PAYLOAD_TOO_LARGE, not the server', async () => {
    const error = await failure(pool.run('test.hog', undefined as never));
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await pool.run('test.sum', { values: [5] })).toBe(5);
  });
});
