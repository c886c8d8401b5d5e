import { OperationError } from '../errors.js';
import { assertNesting } from './limits.js';
import { describePosition, positionAt } from './text-position.js';

const END_OF_INPUT = 'Unexpected end of JSON input';
const POSITION = / at position (\d+)/;

/** Whether a prefix of the text already fails before its end (and not merely for ending early). */
function failsBeforeEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (message === END_OF_INPUT) return false;
    const stated = POSITION.exec(message);
    return !stated || Number(stated[1]) < prefix.length;
  }
}

/**
 * The offset of the first syntax error. V8 names it in most messages; for "Unexpected token" it
 * does not, so find the shortest prefix that already fails before its end (a binary search:
 * about 24 parses of a 10 MB text, on the error path only).
 */
function errorOffset(text: string, message: string): number {
  const stated = POSITION.exec(message);
  if (stated) return Number(stated[1]);
  if (message === END_OF_INPUT) return text.length;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (failsBeforeEnd(text.slice(0, middle))) high = middle;
    else low = middle + 1;
  }
  return Math.max(0, low - 1);
}

function reason(message: string): string {
  if (message === END_OF_INPUT) return 'the document ends too early';
  return message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ after JSON at position \d+.*$/s, ' after the JSON value')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/, ".*"\.\.\. is not valid JSON$/s, '');
}

/**
 * Parses a JSON text as the data operations take it. Invalid JSON is VALIDATION_ERROR naming the
 * line and column of the first error; values nested deeper than MAX_NESTING are refused. Keys such
 * as "__proto__" stay plain data (JSON.parse defines them as own properties).
 *
 * @example parseJsonText('{"a":}', 'json') // throws "The JSON is invalid at line 1, column 6: Unexpected token '}'."
 */
export function parseJsonText(text: string, field: string): unknown {
  if (text.trim() === '')
    throw new OperationError('VALIDATION_ERROR', 'The JSON document is empty.', { field });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const where = describePosition(positionAt(text, errorOffset(text, message)));
    throw new OperationError('VALIDATION_ERROR', `The JSON is invalid at ${where}: ${reason(message)}.`, {
      field,
    });
  }
  assertNesting(value, 'JSON', field);
  return value;
}
