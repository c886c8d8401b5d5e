import { workerData } from 'node:worker_threads';
import Piscina from 'piscina';
import { OperationError } from '../operations/errors.js';
import { lowerThisThread } from '../runtime/priority.js';

/**
 * A table of tasks a worker thread can run: a name and a function of one structured-cloneable
 * argument that returns a structured-cloneable value (or a promise of one).
 */
export type TaskTable = Record<string, (input: never) => unknown>;

/** What crosses back from the worker: a value, or a domain failure (OperationError loses its class in a structured clone). */
export type TaskReply =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: OperationError['code']; message: string; field?: string } };

/**
 * Text a task sends back to become a response body, encoded to UTF-8 in the worker. Its buffer is
 * moved to the main thread, not copied: a 20 MB string would otherwise be cloned there and encoded
 * again as it is written to the socket, blocking the event loop for most of a second.
 *
 * @example return { ...facts, json: utf8Body(json) }
 */
export function utf8Body(text: string): Uint8Array {
  // Faster than TextEncoder (25 against 40 ms for 20 MB); over 4 KB the Buffer owns its memory.
  return Buffer.from(text, 'utf8');
}

/** The buffers of the value's byte arrays (itself or its own members) that can be moved whole. */
function movableBuffers(value: unknown): ArrayBuffer[] {
  const candidates =
    value instanceof Uint8Array ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
  const buffers = new Set<ArrayBuffer>();
  for (const item of candidates) {
    // A view of part of a buffer (Node's pool of small Buffers) must be copied, not moved.
    if (
      item instanceof Uint8Array &&
      item.buffer instanceof ArrayBuffer &&
      item.byteOffset === 0 &&
      item.byteLength === item.buffer.byteLength
    ) {
      buffers.add(item.buffer);
    }
  }
  return [...buffers];
}

/** A reply piscina posts with its byte arrays' buffers in the transfer list. */
function moved(reply: TaskReply): unknown {
  const buffers = movableBuffers(reply.ok ? reply.value : undefined);
  if (buffers.length === 0) return reply;
  return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: reply } as never);
}

export interface TaskRequest {
  name: string;
  input: unknown;
}

/**
 * The function a worker module exports for piscina: runs the named task and turns an
 * OperationError into data, so the main thread can throw the same failure again. Anything else is
 * a bug and travels as an ordinary error. Byte arrays in the value are moved, not copied.
 */
export function serveTasks(table: TaskTable) {
  // A heavy pool's thread yields the CPU to the event loop and the light lane (runtime/priority.ts).
  lowerThisThread((workerData as { nice?: number } | null)?.nice ?? 0);
  const run = table as Record<string, (input: unknown) => unknown>;
  return async ({ name, input }: TaskRequest): Promise<unknown> => {
    const task = run[name];
    if (!task) throw new Error(`Unknown worker task ${name}`);
    try {
      return moved({ ok: true, value: await task(input) });
    } catch (error) {
      if (error instanceof OperationError) {
        return { ok: false, error: { code: error.code, message: error.message, field: error.field } };
      }
      throw error;
    }
  };
}
