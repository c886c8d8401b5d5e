import { OperationError } from '../errors.js';
import { isCollection } from './json-number.js';

/**
 * How deeply a document may nest (objects in arrays in objects…). Real data stays far below; the
 * bound keeps recursive steps (flattening, JSON.stringify, structured cloning to a worker) far from
 * the stack limit, which a 100,000-level document would otherwise overflow.
 */
export const MAX_NESTING = 1000;

export function tooDeep(what: string, field: string | undefined, limit = MAX_NESTING): OperationError {
  return new OperationError(
    'UNPROCESSABLE_FILE',
    `The ${what} is nested more than ${limit} levels deep; at most ${limit} levels can be converted.`,
    field === undefined ? {} : { field },
  );
}

/**
 * Throws when a parsed value nests deeper than MAX_NESTING. Iterative, so that it is safe on the
 * very values it is meant to refuse.
 */
export function assertNesting(value: unknown, what: string, field: string): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (!isCollection(current)) continue;
    if (depth >= MAX_NESTING) throw tooDeep(what, field);
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (isCollection(child)) stack.push([child, depth + 1]);
    }
  }
}
