import { OperationError } from '../operations/errors.js';

/**
 * A table of tasks a worker thread can run: a name and a function of one structured-cloneable
 * argument that returns a structured-cloneable value (or a promise of one).
 */
export type TaskTable = Record<string, (input: never) => unknown>;

/** What crosses back from the worker: a value, or a domain failure (OperationError loses its class in a structured clone). */
export type TaskReply =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: OperationError['code']; message: string; field?: string } };

export interface TaskRequest {
  name: string;
  input: unknown;
}

/**
 * The function a worker module exports for piscina: runs the named task and turns an
 * OperationError into data, so the main thread can throw the same failure again. Anything else is
 * a bug and travels as an ordinary error.
 */
export function serveTasks(table: TaskTable) {
  const run = table as Record<string, (input: unknown) => unknown>;
  return async ({ name, input }: TaskRequest): Promise<TaskReply> => {
    const task = run[name];
    if (!task) throw new Error(`Unknown worker task ${name}`);
    try {
      return { ok: true, value: await task(input) };
    } catch (error) {
      if (error instanceof OperationError) {
        return { ok: false, error: { code: error.code, message: error.message, field: error.field } };
      }
      throw error;
    }
  };
}
