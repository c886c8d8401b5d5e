/**
 * A JSON number kept as the text it was written as, where a double would change it: integers
 * beyond 2^53 (12345678901234567890), numbers a double cannot hold (1e400, 1e-400), more digits
 * than a double keeps, or a spelling a double would not print back ("1.0", "-0", "1e3"). Writers
 * put `text` where the number goes; String() of it is the text too.
 */
export class JsonNumber {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

/** A JSON number text as a JavaScript number when that prints back as the same text, else kept as text. */
export function jsonNumber(text: string): number | JsonNumber {
  const number = Number(text);
  return String(number) === text ? number : new JsonNumber(text);
}

/** A JSON object or array (not a number kept as text). */
export function isCollection(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !(value instanceof JsonNumber);
}
