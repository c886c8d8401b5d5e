import type { IncomingMessage } from 'node:http';
import { type InputKind, maxFormBytes } from '@toolkit/catalog';
import * as Multipasta from 'multipasta';
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
  /** The whole body at most, framing included (a chunked body has no length to refuse early). */
  bodyBytes: number;
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
    bodyBytes: maxFormBytes(input, fileBytes),
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

type Sink = (chunk: Uint8Array | null) => void;

const ignore: Sink = () => {};

/**
 * Gathers a file part into one buffer, failing as soon as it passes the limit. When the request
 * announces its length, the buffer is allocated once and filled in place rather than concatenated
 * from chunks, which halves the peak memory of a large upload. A part that is not kept is only
 * counted (it still counts against the limit). `null` ends the part.
 */
function gather(
  announced: number | undefined,
  keep: boolean,
  fail: (error: ApiError) => void,
  limit: { bytes: number; name: string; total?: { used: number; max: number } },
  done: (data: Buffer) => void,
): Sink {
  const target = keep && announced ? Buffer.allocUnsafe(Math.min(limit.bytes, announced)) : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failed = false;
  return (chunk) => {
    if (failed) return;
    if (chunk === null) {
      done(target ? target.subarray(0, size) : Buffer.concat(chunks, size));
      return;
    }
    if (size + chunk.length > limit.bytes || (target && size + chunk.length > target.length)) {
      failed = true;
      fail(tooLarge(limit.name, limit.bytes));
      return;
    }
    if (limit.total) {
      limit.total.used += chunk.length;
      if (limit.total.used > limit.total.max) {
        failed = true;
        fail(
          new ApiError(
            'PAYLOAD_TOO_LARGE',
            `The files add up to more than the ${mb(limit.total.max)} allowed in all.`,
          ),
        );
        return;
      }
    }
    if (target) target.set(chunk, size);
    else if (keep) chunks.push(chunk);
    size += chunk.length;
  };
}

/** The name part of a client's file name (browsers on Windows once sent whole paths). */
const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

/**
 * Reads a multipart request with multipasta, a parser that hands each chunk to a callback (no stream
 * per part): the text fields (first value of each) and the files of one field (the first
 * `maxFiles` of them: a single-file field's later ones are read past and ignored, one more than a
 * several-files field takes is a 400 at once). Files of other fields are ignored
 * too, and so are fields named after Object.prototype members (`__proto__`, `constructor`): the
 * contract ignores unknown fields, and these must never become keys. Every file counts against the
 * size limit, kept or not. A part is a file when it has a filename or is application/octet-stream.
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
  // Shared by every file part: their bytes together against the tool's total, if it has one.
  const total = limits.totalBytes === undefined ? undefined : { used: 0, max: limits.totalBytes };
  return new Promise<MultipartBody>((resolve, reject) => {
    let settled = false;
    let sawData = false;
    let ended = false;
    const count = { files: 0, fields: 0, kept: 0, onField: 0 };
    // The part being read: the parser's field-size error does not say which field it is.
    let part = '';
    const finish = (error?: ApiError) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      request.off('end', onEnd);
      if (!error) resolve({ fields: { ...fields }, files });
      else {
        // What is left of the body is not read (the errors plugin answers and closes).
        request.pause();
        reject(error);
      }
    };
    const parser = Multipasta.make({
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      isFile: (info) => {
        part = info.name;
        const file = Multipasta.defaultIsFile(info);
        if (file && maxFiles > 1 && info.name === fileField && count.onField++ === maxFiles) {
          // More files than a several-files tool takes is a wrong request (400), not a large one.
          finish(
            new ApiError(
              'VALIDATION_ERROR',
              `Upload at most ${maxFiles} files in the field "${fileField}"; this form has more.`,
              { details: [{ field: fileField, message: `At most ${maxFiles} files.` }] },
            ),
          );
        } else if (file && ++count.files > limits.files) {
          finish(new ApiError('PAYLOAD_TOO_LARGE', `The form has more than ${limits.files} files.`));
        } else if (!file && ++count.fields > limits.fields) {
          finish(new ApiError('PAYLOAD_TOO_LARGE', `The form has more than ${limits.fields} fields.`));
        } else if (!file && info.name === fileField) {
          // A part without filename= is a text field (curl -F 'image=<cat.png').
          finish(
            new ApiError(
              'MISSING_FILE',
              `The field "${fileField}" was sent as text, not as a file. Send it as a file part (with a filename), e.g. curl -F "${fileField}=@photo.jpg".`,
            ),
          );
        }
        return file;
      },
      maxFieldSize: limits.fieldBytes,
      onField: (info, value) => {
        const name = info.name;
        if (settled || name === '' || name in Object.prototype || name in fields) return;
        fields[name] = Multipasta.decodeField(info, value);
      },
      onFile: (info) => {
        if (settled) return ignore;
        const keep = info.name === fileField && count.kept < maxFiles;
        if (keep) count.kept += 1;
        const filename = baseName(info.filename ?? '');
        const limit = { bytes: limits.fileBytes, name: filename || info.name, ...(total ? { total } : {}) };
        return gather(announced, keep, finish, limit, (data) => {
          if (keep) files.push({ field: info.name, filename, declaredType: info.contentType, data });
        });
      },
      onError: (error) => {
        if (error._tag === 'ReachedLimit' && error.limit === 'MaxFieldSize') {
          finish(
            new ApiError(
              'PAYLOAD_TOO_LARGE',
              `The field "${part}" is longer than the ${limits.fieldBytes} bytes allowed.`,
            ),
          );
        } else finish(malformed(error));
      },
      onDone: () => {
        ended = true;
      },
    });
    let received = 0;
    function onData(chunk: Buffer) {
      sawData = true;
      // Every byte counts, those outside any part too (a preamble the parser skips). The bytes within
      // the limit are parsed first, so that a file or field over its own limit is what is named.
      const room = limits.bodyBytes - received;
      received += chunk.length;
      try {
        if (room > 0) parser.write(chunk.length > room ? chunk.subarray(0, room) : chunk);
      } catch (cause) {
        // A filename*= the parser cannot decode, say.
        finish(malformed(cause));
      }
      if (received > limits.bodyBytes) {
        finish(
          new ApiError(
            'PAYLOAD_TOO_LARGE',
            `The upload is larger than the ${mb(limits.bodyBytes)} this tool reads.`,
          ),
        );
      }
    }
    function onEnd() {
      if (settled) return;
      parser.end();
      // An empty body is an empty form (then "no file"), not a cut-off one.
      if (ended || !sawData) finish();
      else finish(malformed());
    }
    if (settled) return;
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', (cause) => finish(malformed(cause)));
    request.on('close', () => {
      if (!request.complete) finish(malformed());
    });
  });
}
