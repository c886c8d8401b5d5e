import { getPriority } from 'node:os';
import { resourceLimits } from 'node:worker_threads';
import { OperationError } from '../operations/errors.js';
import { serveTasks, utf8Body } from '../workers/task-table.js';

/** Tasks for worker-pool.test.ts: a worker entry like the real one, with misbehaving tasks. */
export const fixtureTasks = {
  'test.sum': (input: { values: number[] }) => input.values.reduce((a, b) => a + b, 0),
  'test.bytes': (input: Uint8Array) => input.length,
  'test.limits': () => resourceLimits,
  /** The nice value of the thread running the task (Linux: a per-thread value). */
  'test.nice': () => getPriority(),
  'test.text': (input: { repeat: number }) => ({
    body: utf8Body('é'.repeat(input.repeat)),
    // A small Buffer is a view into Node's shared pool: it must be copied, never moved.
    small: Buffer.from('pooled'),
  }),
  'test.refuse': (input: { field: string }) => {
    throw new OperationError('VALIDATION_ERROR', 'Line 3, column 7: a comma is missing.', {
      field: input.field,
    });
  },
  'test.bug': () => {
    throw new TypeError('a bug in a task');
  },
  'test.spin': () => {
    // A parse that never ends: only terminating the thread stops it.
    for (;;) {
      /* spin */
    }
  },
  'test.count': (input: { counter: Int32Array }) => {
    // Work that shows whether it still runs: the test reads the counter from its own thread.
    for (;;) Atomics.add(input.counter, 0, 1);
  },
  'test.hog': () => {
    const keep: number[][] = [];
    for (;;) keep.push(new Array(1_000_000).fill(1));
  },
};

export default serveTasks(fixtureTasks);
