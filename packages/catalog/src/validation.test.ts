import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { namedFieldError } from './validation.js';

const schema = z.object({
  root: z.string(),
  n: z.number().max(3),
  nested: z.object({ x: z.boolean() }).optional(),
  own: z.string({ error: 'own says it its way.' }).optional(),
});

function messages(input: unknown): string[] {
  const result = schema.safeParse(input, { error: namedFieldError });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('namedFieldError', () => {
  it('names the field of a type error, and what it got', () => {
    expect(messages({ root: {}, n: 1 })).toEqual(['root must be text (a string), not an object.']);
    expect(messages({ root: 'r', n: 'x', nested: { x: [] } })).toEqual([
      'n must be a number, not text.',
      'nested.x must be true or false, not a list.',
    ]);
  });

  it("names the field of zod's other sentences, and leaves a schema's own sentence alone", () => {
    expect(messages({ root: 'r', n: 5, own: 1 })).toEqual([
      'n: Too big: expected number to be <=3.',
      'own says it its way.',
    ]);
  });
});
