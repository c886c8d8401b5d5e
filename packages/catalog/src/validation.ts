import { z } from 'zod';

/*
 * zod's own sentences ("Invalid input: expected string, received object") do not say which field
 * they are about; a person reading one message for a whole request cannot act on it. This error
 * map, passed to safeParse, names the field. Schemas that give their own sentence keep it (a
 * schema's error takes precedence over a parse's).
 */

const english = z.locales.en().localeError;

const expectedText: Record<string, string> = {
  string: 'text (a string)',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (an array)',
  object: 'an object',
};

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'object') return 'an object';
  if (typeof input === 'string') return 'text';
  if (typeof input === 'boolean') return 'true or false';
  return `a ${typeof input}`;
}

/**
 * A zod error map that names the field in every message it makes.
 *
 * @example z.object({ root: z.string() }).safeParse({ root: {} }, { error: namedFieldError }) // message: 'root must be text (a string), not an object.'
 */
export const namedFieldError: z.core.$ZodErrorMap = (issue) => {
  const field = (issue.path ?? []).map(String).join('.');
  if (field === '') return undefined;
  if (issue.code === 'invalid_type') {
    const expected = expectedText[issue.expected] ?? issue.expected;
    return `${field} must be ${expected}, not ${describe(issue.input)}.`;
  }
  const plain = english(issue);
  const text = typeof plain === 'string' ? plain : plain?.message;
  return text ? `${field}: ${text}.`.replace(/\.\.$/, '.') : undefined;
};
