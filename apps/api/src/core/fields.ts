import { type InputKind, namedFieldError } from '@toolkit/catalog';
import type { z } from 'zod';
import { ApiError } from '../errors.js';

/** A file given to an operation: an upload, a URL's answer, a stored job's input, a step's result. */
export interface InputFile {
  /** The client's file name, without folders (may be empty). */
  filename: string;
  data: Buffer;
  /** The media type the client declared for it (informative only, never trusted). */
  declaredType?: string;
}

/**
 * Empty, null or absent optional fields mean "use the default": drop them (and strings of spaces)
 * before validation, so the schema's defaults apply. A tab or a line break is a value (a CSV
 * delimiter), and `keep` names a field that is content, never an option: a JSON-or-file tool's
 * text, where blank text is still text (a word count of zero).
 */
export function stripEmpty(fields: Record<string, unknown>, keep?: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([k, v]) => k === keep || (v !== null && v !== undefined && !(typeof v === 'string' && /^ *$/.test(v))),
    ),
  );
}

/**
 * Validates fields against a catalog schema. Unknown fields are dropped by the schema; every
 * problem becomes a `details` entry, and the message joins their sentences.
 */
export function validateFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
  keep?: string,
): z.output<S> {
  const result = schema.safeParse(stripEmpty(fields, keep), { error: namedFieldError });
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  const sentences = [...new Set(details.map((d) => d.message))];
  throw new ApiError('VALIDATION_ERROR', sentences.join(' '), { details });
}

/** The answer to a file route that got no file, whatever else it got instead. */
export function missingFile(input: Exclude<InputKind, { kind: 'json-or-file' }>): ApiError {
  const where = `as multipart/form-data in the field "${input.field}"`;
  return new ApiError(
    'MISSING_FILE',
    input.kind === 'files'
      ? `Upload at least ${input.min === 1 ? 'one file' : `${input.min} files`} ${where}.`
      : `No ${input.field === 'image' ? 'image' : 'file'} was uploaded. Send it ${where}.`,
  );
}

/*
 * JSON.parse turns 12345678901234567890 into 12345678901234567000 and 1e400 into Infinity: a data
 * operation given an object or array member of a JSON body (json-to-csv's `json`) reads it again
 * from the body's text, in a worker, keeping every number as written. The parsed values are tied
 * to that text here (by identity: nothing outlives the values).
 */

/** The text of the JSON body a member value came from, and the member's name ('' for the body). */
export interface BodySource {
  text: string;
  member: string;
}

const sources = new WeakMap<object, BodySource>();

/** Ties a parsed JSON body, and each object or array member of it, to the text it was parsed from. */
export function rememberBodySources(body: unknown, text: string): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  sources.set(body, { text, member: '' });
  for (const [member, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object') sources.set(value, { text, member });
  }
}

/** The body text an object or array value of a JSON body came from, when it came from one. */
export function bodySourceOf(value: unknown): BodySource | undefined {
  return value !== null && typeof value === 'object' ? sources.get(value) : undefined;
}

/** A stored JSON body parsed again, its members tied to its text as the HTTP parser ties them. */
export function parseJsonBody(text: string): Record<string, unknown> {
  const body: unknown = JSON.parse(text);
  rememberBodySources(body, text);
  return body as Record<string, unknown>;
}
