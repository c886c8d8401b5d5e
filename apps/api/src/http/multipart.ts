import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';

/** One uploaded file, held in memory. */
export interface UploadedFile {
  field: string;
  /** The client's file name, as sent (may be empty). */
  filename: string;
  /** The client's declared media type: informative only, never trusted. */
  declaredType: string;
  data: Buffer;
}

export interface MultipartLimits {
  /** Largest single file, in bytes. */
  fileBytes: number;
  /** All files together at most, in bytes (tools that take many files); checked while reading. */
  totalBytes?: number | undefined;
  files: number;
  fields: number;
  fieldBytes: number;
}

export interface MultipartBody {
  /** First value of each text field. */
  fields: Record<string, string>;
  /** Files of the wanted field, in order (at most `maxFiles`). */
  files: UploadedFile[];
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function tooLarge(name: string, limit: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The file "${name}" is larger than the ${mb(limit)} allowed.`);
}

/**
 * Reads a file part into one buffer, failing as soon as it passes the limit, so an oversized
 * upload is cut off instead of read to the end. When the request announces its length, the
 * buffer is allocated once and filled in place rather than concatenated from chunks, which halves
 * the peak memory of a large upload.
 */
async function collect(
  part: MultipartFile,
  limit: number,
  announced: number | undefined,
  keep: boolean,
): Promise<Buffer> {
  const target = keep && announced ? Buffer.allocUnsafe(Math.min(limit, announced)) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) throw tooLarge(part.filename || part.fieldname, limit);
    if (target) {
      // Node stops a body at its Content-Length, so a file part always fits; stay safe anyway.
      if (size + chunk.length > target.length) throw new Error('Multipart file longer than its request');
      chunk.copy(target, size);
    } else if (keep) {
      chunks.push(chunk);
    }
    size += chunk.length;
  }
  return target ? target.subarray(0, size) : Buffer.concat(chunks, size);
}

function translate(error: unknown, limits: MultipartLimits): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new ApiError('PAYLOAD_TOO_LARGE', `The form has more than ${limits.files} files.`);
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new ApiError('PAYLOAD_TOO_LARGE', `The form has more than ${limits.fields} fields.`);
  }
  if (code === 'FST_PROTO_VIOLATION') {
    // The multipart plugin stops at such a name before we see it, so it cannot just be ignored.
    return new ApiError(
      'MALFORMED_REQUEST',
      'The form has a field whose name is reserved (such as "__proto__", "constructor" or "toString"). Rename or remove that field.',
    );
  }
  return new ApiError(
    'MALFORMED_REQUEST',
    'The multipart form could not be read: it is malformed or was cut off.',
    { cause: error },
  );
}

/**
 * Reads a multipart request: the text fields (first value of each) and the files of one field
 * (the first `maxFiles` of them; later ones are read past and ignored). Files of other fields are
 * ignored too. Every file counts against the size limit, kept or not.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  maxFiles: number,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  // Preallocation only pays for a single file; several files are gathered chunk by chunk.
  const length = Number(request.headers['content-length']);
  const announced = maxFiles === 1 && Number.isSafeInteger(length) && length > 0 ? length : undefined;
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit reaches collect(), which then fails at once.
        fileSize: limits.fileBytes + 1,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.files + limits.fields,
      },
    });
    let total = 0;
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        const keep = part.fieldname === fileField && files.length < maxFiles;
        const left = limits.totalBytes === undefined ? limits.fileBytes : limits.totalBytes - total;
        const data = await collect(part, Math.min(limits.fileBytes, left), announced, keep).catch(
          (error: unknown) => {
            if (left < limits.fileBytes && error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') {
              throw new ApiError(
                'PAYLOAD_TOO_LARGE',
                `The files add up to more than the ${mb(limits.totalBytes ?? 0)} allowed in all.`,
              );
            }
            throw error;
          },
        );
        total += data.length;
        if (keep) {
          files.push({ field: part.fieldname, filename: part.filename, declaredType: part.mimetype, data });
        }
      } else if (part.fieldname === fileField) {
        // A part without filename= is a text field to the parser (curl -F 'image=<cat.png').
        throw new ApiError(
          'MISSING_FILE',
          `The field "${fileField}" was sent as text, not as a file. Send it as a file part (with a filename), e.g. curl -F "${fileField}=@photo.jpg".`,
        );
      } else if (part.valueTruncated) {
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          `The field "${part.fieldname}" is longer than the ${limits.fieldBytes} bytes allowed.`,
        );
      } else if (!(part.fieldname in fields) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw translate(error, limits);
  }
  return { fields, files };
}
