import { z } from 'zod';

/*
 * Field builders for request schemas. Multipart forms deliver every value as a string, JSON bodies
 * deliver real numbers and booleans; each builder accepts both and fails with one clear sentence
 * naming the field. Empty, null and absent values are removed by the server before validation
 * ("use the default"), so these schemas never see them.
 */

/** Plain decimal text (optionally "-", surrounding whitespace): whole numbers, and numbers with a fraction. */
const wholeNumberText = /^\s*-?\d+\s*$/;
const decimalNumberText = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/**
 * Turns form text into a number only when it is written in `notation`: JavaScript's Number() would
 * also take "0x10", "1e2", "+100" or "Infinity". Other text becomes NaN, which the number schema
 * refuses with the field's own sentence; non-text values (JSON numbers) pass as they are.
 */
function numberFromText(notation: RegExp) {
  return (value: unknown) =>
    typeof value === 'string' ? (notation.test(value) ? Number(value) : Number.NaN) : value;
}

/**
 * A whole number between `min` and `max` inclusive, e.g. `integer('width', 1, 4096)`. Text must be
 * plain decimal digits ("10.0" is not a whole number as written).
 */
export function integer(name: string, min: number, max: number) {
  const error = `${name} must be a whole number between ${min} and ${max}.`;
  return z.preprocess(
    numberFromText(wholeNumberText),
    // abort: a number that is not a safe integer is reported once, not again for each bound.
    z.number({ error }).int({ error, abort: true }).min(min, { error }).max(max, { error }),
  );
}

/** Any number between `min` and `max` inclusive, e.g. `decimal('angle', -360, 360)`; text in decimal notation. */
export function decimal(name: string, min: number, max: number) {
  const error = `${name} must be a number between ${min} and ${max}.`;
  return z.preprocess(
    numberFromText(decimalNumberText),
    z.number({ error }).min(min, { error }).max(max, { error }),
  );
}

/** true or false; from forms also "1"/"0", "yes"/"no", "on"/"off". */
export function boolean(name: string) {
  const error = `${name} must be true or false.`;
  return z.union([z.boolean(), z.stringbool({ error })], { error });
}

/** One of a fixed list of words, e.g. `oneOf('size', ['small', 'medium', 'large'])`. */
export function oneOf<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.enum(values, { error: `${name} must be one of: ${values.join(', ')}.` });
}

/** A CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export function hexColour(name: string) {
  return z.string().regex(/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, {
    error: `${name} must be a hex colour such as #ffffff or #00000080.`,
  });
}
