import { type InputKind, namedFieldError } from '@toolkit/catalog';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../errors.js';
import { isMultipart, type MultipartLimits, readMultipart, type UploadedFile } from './multipart.js';

/** What a tool route hands its handler before the fields are typed. */
export interface RawToolInput {
  fields: Record<string, unknown>;
  files: UploadedFile[];
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

/** Browsers send an empty part with an empty name for a file input left blank: that is no file. */
function realFiles(files: UploadedFile[]): UploadedFile[] {
  const present = files.filter((f) => f.data.length > 0 || f.filename !== '');
  const empty = present.find((f) => f.data.length === 0);
  if (empty) throw new ApiError('MISSING_FILE', `The uploaded file "${empty.filename}" is empty.`);
  return present;
}

/**
 * A form field can only carry text, and browsers' FormData turns a null value into "null": in a
 * form, that word means "no value" (use the default), as a real null does in JSON.
 */
function withoutNullText(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== 'null'));
}

function plainObject(body: unknown): Record<string, unknown> | undefined {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/**
 * Reads a tool's input as its catalog entry describes it: one file, several files, or a JSON body
 * (or the same as an uploaded `file`). Only the first file of a single-file field is used.
 */
export async function readToolInput(
  request: FastifyRequest,
  input: InputKind,
  limits: MultipartLimits,
): Promise<RawToolInput> {
  if (isMultipart(request.raw)) {
    const maxFiles = input.kind === 'files' ? input.max : 1;
    const body = await readMultipart(request.raw, input.field, maxFiles, limits);
    const files = realFiles(body.files);
    if (input.kind !== 'json-or-file' && files.length < (input.kind === 'files' ? input.min : 1)) {
      throw missingFile(input);
    }
    return { fields: withoutNullText(body.fields), files };
  }
  if (input.kind === 'json-or-file') {
    // Fastify also reads text/plain bodies; a text tool's own text must come as JSON or a file.
    if (
      !/^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '') &&
      request.body !== undefined
    ) {
      throw new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send a JSON object with a "${input.textKey}" member (application/json), or the content as multipart/form-data in the field "file".`,
      );
    }
    const fields = plainObject(request.body);
    if (!fields) {
      throw new ApiError(
        'MALFORMED_REQUEST',
        `Send a JSON object with a "${input.textKey}" member, or the content as multipart/form-data in the field "file".`,
      );
    }
    return { fields, files: [] };
  }
  throw missingFile(input);
}
