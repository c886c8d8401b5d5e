import type { InputKind } from '@toolkit/catalog';
import type { FastifyRequest } from 'fastify';
import { missingFile } from '../core/fields.js';
import { ApiError } from '../errors.js';
import { isMultipart, type MultipartLimits, readMultipart, type UploadedFile } from './multipart.js';
import { urlsOf } from './url-input.js';

/** What a tool route hands its handler before the fields are typed. */
export interface RawToolInput {
  fields: Record<string, unknown>;
  files: UploadedFile[];
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
    // A form that names its file by `url` (or `urls`) has it fetched by the route.
    const named = files.length === 0 && urlsOf(body.fields, input.kind === 'files').length > 0;
    if (!named && input.kind !== 'json-or-file' && files.length < (input.kind === 'files' ? input.min : 1)) {
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
