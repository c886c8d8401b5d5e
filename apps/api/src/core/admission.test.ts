import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { underDeadline } from './admission.js';

/** The caller's signal: aborted when the client goes away. */
const response = () => new AbortController().signal;

describe('underDeadline', () => {
  it('answers TIMEOUT at the deadline, aborts the signal, and keeps the slots until the work settles', async () => {
    let finish: () => void = () => {};
    let signal: AbortSignal | undefined;
    const released: string[] = [];
    const answer = underDeadline(
      (s) => {
        signal = s;
        return new Promise<string>((resolve) => {
          finish = () => resolve('late');
        });
      },
      20,
      response(),
      [() => released.push('work'), () => released.push('upload')],
    );
    await expect(answer).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'The request took longer than 0.02 s to process.',
    });
    expect(signal?.aborted).toBe(true);
    // The answer is out, but the work still runs: its slots are not free yet.
    expect(released).toEqual([]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['work', 'upload']);
  });

  it('aborts the signal when the client goes away, and releases once the work stops', async () => {
    const client = new AbortController();
    const res = client.signal;
    const released: string[] = [];
    const answer = underDeadline(
      (signal) =>
        new Promise<string>((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
      60_000,
      res,
      [() => released.push('work')],
    );
    client.abort(new ApiError('MALFORMED_REQUEST', 'The client went away.'));
    await expect(answer).rejects.toMatchObject({ code: 'MALFORMED_REQUEST' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['work']);
  });

  it('passes the result through and releases the slots', async () => {
    const released: string[] = [];
    await expect(
      underDeadline(async () => 'done', 1000, response(), [() => released.push('work')]),
    ).resolves.toBe('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toEqual(['work']);
  });
});
