import type { IncomingMessage } from 'node:http';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import type { InputKind } from '@toolkit/catalog';
import type { Config } from '../config.js';
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

/** The one place the multipart limits are built: the configured counts and a route's file size. */
export function multipartLimitsFor(config: Config, fileBytes: number, input?: InputKind): MultipartLimits {
  const many = input?.kind === 'files' ? input : undefined;
  return {
    fileBytes,
    totalBytes: many?.maxTotalBytes,
    // A tool that takes N files must be able to receive N, whatever the general form limit.
    files: Math.max(config.limits.multipartFiles, many?.max ?? 0),
    fields: config.limits.multipartFields,
    fieldBytes: config.limits.multipartFieldBytes,
  };
}

export function isMultipart(request: IncomingMessage): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function tooLarge(name: string, limit: number): ApiError {
  return new ApiError('PAYLOAD_TOO_LARGE', `The file "${name}" is larger than the ${mb(limit)} allowed.`);
}

const malformed = (cause?: unknown) =>
  new ApiError('MALFORMED_REQUEST', 'The multipart form could not be read: it is malformed or was cut off.', {
    cause,
  });

/**
 * Gathers a file part into one buffer, failing as soon as it passes the limit. When the request
 * announces its length, the buffer is allocated once and filled in place rather than concatenated
 * from chunks, which halves the peak memory of a large upload. A part that is not kept is only
 * counted (it still counts against the limit).
 */
function collect(
  stream: BusboyFileStream,
  announced: number | undefined,
  keep: boolean,
  fail: (error: ApiError) => void,
  limit: { bytes: number; name: string; total?: { used: number; max: number } },
): Promise<Buffer> {
  const target = keep && announced ? Buffer.allocUnsafe(Math.min(limit.bytes, announced)) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      if (size + chunk.length > limit.bytes || (target && size + chunk.length > target.length)) {
        stream.removeAllListeners('data');
        stream.resume();
        fail(tooLarge(limit.name, limit.bytes));
        return;
      }
      if (limit.total && limit.total.used + chunk.length > limit.total.max) {
        stream.removeAllListeners('data');
        stream.resume();
        fail(
          new ApiError(
            'PAYLOAD_TOO_LARGE',
            `The files add up to more than the ${mb(limit.total.max)} allowed in all.`,
          ),
        );
        return;
      }
      if (limit.total) limit.total.used += chunk.length;
      if (target) chunk.copy(target, size);
      else if (keep) chunks.push(chunk);
      size += chunk.length;
    });
    stream.on('error', (cause) => fail(malformed(cause)));
    stream.on('end', () => resolve(target ? target.subarray(0, size) : Buffer.concat(chunks, size)));
  });
}

/**
 * Reads a multipart request with busboy: the text fields (first value of each) and the files of
 * one field (the first `maxFiles` of them; later ones are read past and ignored). Files of other
 * fields are ignored too, and so are fields named after Object.prototype members (`__proto__`,
 * `constructor`): the contract ignores unknown fields, and these must never become keys. Every
 * file counts against the size limit, kept or not.
 */
export function readMultipart(
  request: IncomingMessage,
  fileField: string,
  maxFiles: number,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  // Preallocation only pays for a single file; several files are gathered chunk by chunk.
  const length = Number(request.headers['content-length']);
  const announced = maxFiles === 1 && Number.isSafeInteger(length) && length > 0 ? length : undefined;
  return new Promise<MultipartBody>((resolve, reject) => {
    let failed = false;
    let sawData = false;
    let kept = 0;
    // Shared by every file part: their bytes together against the tool's total, if it has one.
    const total = limits.totalBytes === undefined ? undefined : { used: 0, max: limits.totalBytes };
    const pending: Promise<unknown>[] = [];
    let parser: BusboyInstance;
    const fail = (error: ApiError) => {
      if (failed) return;
      failed = true;
      request.unpipe(parser);
      reject(error);
    };
    try {
      parser = new Busboy({
        headers: request.headers as { 'content-type': string },
        limits: {
          // One byte over the limit reaches collect(), which then fails at once.
          fileSize: limits.fileBytes + 1,
          files: limits.files,
          fields: limits.fields,
          fieldSize: limits.fieldBytes,
          parts: limits.files + limits.fields,
          headerPairs: 100,
        },
      });
    } catch (cause) {
      reject(malformed(cause));
      return;
    }
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      const keep = name === fileField && kept < maxFiles;
      if (keep) kept += 1;
      const limit = { bytes: limits.fileBytes, name: filename || name, ...(total ? { total } : {}) };
      const gathering = collect(stream, announced, keep, fail, limit).then((data) => {
        if (keep) files.push({ field: name, filename, declaredType: mimeType, data });
      });
      if (keep) pending.push(gathering);
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (name === fileField) {
        // A part without filename= is a text field to the parser (curl -F 'image=<cat.png').
        fail(
          new ApiError(
            'MISSING_FILE',
            `The field "${fileField}" was sent as text, not as a file. Send it as a file part (with a filename), e.g. curl -F "${fileField}=@photo.jpg".`,
          ),
        );
      } else if (valueTruncated) {
        fail(
          new ApiError(
            'PAYLOAD_TOO_LARGE',
            `The field "${name}" is longer than the ${limits.fieldBytes} bytes allowed.`,
          ),
        );
      } else if (!(name in Object.prototype) && !(name in fields)) {
        fields[name] = value;
      }
    });
    parser.on('filesLimit', () =>
      fail(new ApiError('PAYLOAD_TOO_LARGE', `The form has more than ${limits.files} files.`)),
    );
    const tooManyFields = () =>
      fail(new ApiError('PAYLOAD_TOO_LARGE', `The form has more than ${limits.fields} fields.`));
    parser.on('fieldsLimit', tooManyFields);
    parser.on('partsLimit', tooManyFields);
    parser.on('error', (cause: unknown) => {
      // An empty body is an empty form (then "no file"), not a cut-off one.
      if (sawData) fail(malformed(cause));
      else if (!failed) resolve({ fields: {}, files: [] });
    });
    parser.on('finish', () => {
      // Files are pushed as each one ends; keep the order they were sent in.
      void Promise.all(pending).then(() => {
        if (!failed) resolve({ fields: { ...fields }, files });
      });
    });
    request.once('data', () => {
      sawData = true;
    });
    request.on('error', (cause) => fail(malformed(cause)));
    request.on('close', () => {
      if (!request.complete) fail(malformed());
    });
    request.pipe(parser);
  });
}
