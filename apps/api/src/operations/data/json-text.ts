import { parse as parseLossless } from 'lossless-json';
import { OperationError } from '../errors.js';
import { jsonNumber } from './json-number.js';
import { assertNesting, tooDeep } from './limits.js';
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
  return (
    message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/ after JSON at position \d+.*$/s, ' after the JSON value')
      // V8 quotes the text around the error ('…, "{"a":…" is not valid JSON', '…, ..."b": [1,,2]…"…'):
      // the person has the document, and the line and column say where.
      .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
  );
}

/**
 * A JSON text's value with every number as written (json-number.ts), a repeated key's last value
 * (as JSON.parse) and "__proto__" as a plain key. Undefined when it is not JSON; the parser recurses,
 * so a document nested thousands of levels deep is refused as too deep.
 */
function parseKeepingNumbers(text: string, field: string): { value: unknown } | undefined {
  try {
    return {
      value: parseLossless(text, null, {
        parseNumber: jsonNumber,
        onDuplicateKey: ({ newValue }) => newValue,
      }),
    };
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep('JSON', field);
    return undefined;
  }
}

function invalidJson(text: string, field: string): OperationError | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    const where = describePosition(positionAt(text, errorOffset(text, message)));
    return new OperationError('VALIDATION_ERROR', `The JSON is invalid at ${where}: ${reason(message)}.`, {
      field,
    });
  }
}

/**
 * Parses a JSON text as the data operations take it, values never changed: numbers a double would
 * change stay JsonNumber (their text). Invalid JSON is VALIDATION_ERROR naming the line and column
 * of the first error (V8's wording); values nested deeper than MAX_NESTING are refused. Keys such
 * as "__proto__" stay plain data.
 *
 * @example parseJsonText('{"a":}', 'json') // throws "The JSON is invalid at line 1, column 6: Unexpected token '}'."
 */
export function parseJsonText(text: string, field: string): unknown {
  if (text.trim() === '')
    throw new OperationError('VALIDATION_ERROR', 'The JSON document is empty.', { field });
  const parsed = parseKeepingNumbers(text, field);
  if (!parsed) {
    // The error as V8 words it, with its position; should V8 take what the parser did not, so be it.
    const invalid = invalidJson(text, field);
    if (invalid) throw invalid;
  }
  const value = parsed ? parsed.value : JSON.parse(text);
  assertNesting(value, 'JSON', field);
  return value;
}

/**
 * A JSON body that Fastify has already parsed, read again for its numbers as written. Its members
 * are checked for depth by the caller, which knows which one it takes.
 */
export function parseJsonBody(text: string, field: string): unknown {
  const parsed = parseKeepingNumbers(text, field);
  return parsed ? parsed.value : JSON.parse(text);
}
