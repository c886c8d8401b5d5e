import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { type InputKind, maxFormBytes } from '@toolkit/catalog';
import type { Config } from '../config.js';
import { ApiError } from '../errors.js';

/** One uploaded file, held in memory. */
export interface UploadedFile {
  field: string;
  /** The client's file name, without folders (may be empty). */
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

const tooLarge = (message: string) => new ApiError('PAYLOAD_TOO_LARGE', message);

const malformed = (cause?: unknown) =>
  new ApiError('MALFORMED_REQUEST', 'The multipart form could not be read: it is malformed or was cut off.', {
    cause,
  });

const sentAsText = (field: string) =>
  new ApiError(
    'MISSING_FILE',
    `The field "${field}" was sent as text, not as a file. Send it as a file part (with a filename), e.g. curl -F "${field}=@photo.jpg".`,
  );

/** A file name without folders, as Busboy gives it ("." and ".." name no file). */
function baseName(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return name === '.' || name === '..' ? '' : name;
}

/** The parameters of a Content-Disposition header (names lower-cased, values as written), first of each. */
function dispositionParameters(header: string): Map<string, string> {
  const pieces: string[] = [];
  let quoted = false;
  let escaped = false;
  let start = 0;
  for (let i = 0; i <= header.length; i++) {
    const char = header[i];
    if (i === header.length || (char === ';' && !quoted)) {
      pieces.push(header.slice(start, i));
      start = i + 1;
    } else if (escaped) escaped = false;
    else if (char === '\\' && quoted) escaped = true;
    else if (char === '"') quoted = !quoted;
  }
  const parameters = new Map<string, string>();
  for (const piece of pieces.slice(1)) {
    const equals = piece.indexOf('=');
    const name = piece.slice(0, equals).trim().toLowerCase();
    if (equals > 0 && !parameters.has(name)) parameters.set(name, piece.slice(equals + 1).trim());
  }
  return parameters;
}

/**
 * The RFC 5987 `filename*=` of a part's Content-Disposition, decoded and without folders; undefined
 * when the part has none or it cannot be decoded (then `filename=` stands).
 *
 * @example extendedFilename(`form-data; name="f"; filename*=UTF-8''%E2%82%AC.png; filename="E.png"`) // '€.png'
 */
export function extendedFilename(disposition: string | undefined): string | undefined {
  const value = disposition ? dispositionParameters(disposition).get('filename*') : undefined;
  const match = value ? /^(utf-8|iso-8859-1)'[^']*'((?:%[0-9a-f]{2}|[\w!#$&+.^`|~-])*)$/i.exec(value) : null;
  if (!match) return undefined;
  const bytes = Buffer.from(
    (match[2] ?? '').replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
    'latin1',
  );
  if (match[1]?.toLowerCase() === 'iso-8859-1') return baseName(bytes.toString('latin1'));
  try {
    return baseName(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * Calls `onHeader` with each part's raw headers before Busboy reads them. Busboy gives a part's file
 * name from whichever of `filename=` and `filename*=` comes last, where RFC 6266 (4.3) says
 * `filename*=` wins; it hands on no raw header, so this listens to its Dicer (`_parser.parser`),
 * ahead of Busboy's own listeners. Without that Dicer (another Busboy) nothing is called and
 * Busboy's name stands; the multipart tests notice.
 */
function beforePartHeaders(
  busboy: BusboyInstance,
  onHeader: (header: Record<string, string[] | undefined>) => void,
): void {
  const dicer = (busboy as unknown as { _parser?: { parser?: EventEmitter } })._parser?.parser;
  dicer?.prependListener('part', (part: EventEmitter) => part.prependListener('header', onHeader));
}

/**
 * Gathers one file part, counting its bytes against the tool's total for all files (if it has
 * one). A part that is not kept is only counted. Busboy itself stops a file at the size limit.
 */
function gather(
  stream: BusboyFileStream,
  keep: boolean,
  total: { used: number; max: number } | undefined,
  fail: (error: ApiError) => void,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => {
      if (total) total.used += chunk.length;
      if (total && total.used > total.max) {
        fail(tooLarge(`The files add up to more than the ${mb(total.max)} allowed in all.`));
      } else if (keep) chunks.push(chunk);
    });
    // The parser's own error says what went wrong; this only keeps the stream from throwing.
    stream.on('error', () => {});
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * Reads a multipart request with busboy: the text fields (first value of each) and the files of
 * one field, or of any of several names (the first `maxFiles` of them; later ones are read past and ignored). Files of other
 * fields are ignored too, and so are fields named after Object.prototype members (`__proto__`,
 * `constructor`): the contract ignores unknown fields, and these must never become keys. Every
 * file counts against the size limit, kept or not, and every byte of the body against the form's
 * bound. File names are UTF-8, raw (as browsers send them) or as RFC 5987 `filename*=`, which wins
 * when a part sends both (RFC 6266).
 */
export function readMultipart(
  request: IncomingMessage,
  fileField: string | readonly string[],
  maxFiles: number,
  limits: MultipartLimits,
): Promise<MultipartBody> {
  // Several names share one list of files (a pipeline's `file` and `files`), counted together.
  const fileFields: readonly string[] = typeof fileField === 'string' ? [fileField] : fileField;
  const isFileField = (name: string) => fileFields.includes(name);
  const fields: Record<string, string> = Object.create(null);
  const gathering: Promise<UploadedFile | undefined>[] = [];
  // Shared by every file part: their bytes together against the tool's total, if it has one.
  const total = limits.totalBytes === undefined ? undefined : { used: 0, max: limits.totalBytes };
  return new Promise<MultipartBody>((resolve, reject) => {
    let settled = false;
    let sawData = false;
    let received = 0;
    let kept = 0;
    const finish = (error?: ApiError) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      request.off('end', onEnd);
      if (error) {
        // What is left of the body is not read (the errors plugin answers and closes).
        request.pause();
        reject(error);
        return;
      }
      void Promise.all(gathering).then((files) =>
        resolve({ fields: { ...fields }, files: files.filter((f) => f !== undefined) }),
      );
    };
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: request.headers as { 'content-type': string },
        fileHwm: 1024 * 1024,
        highWaterMark: 1024 * 1024,
        limits: {
          fileSize: limits.fileBytes,
          // One more than allowed reaches the 'file' handler, which tells too many files for the
          // tool (400) from too many for the form (413).
          files: limits.files + 1,
          fields: limits.fields,
          fieldSize: limits.fieldBytes,
        },
        isPartAFile: (name, type, filename) => {
          const file = filename !== undefined || type === 'application/octet-stream';
          // A part without filename= is a text field (curl -F 'image=<cat.png'): say so at once.
          if (!file && name !== undefined && isFileField(name)) finish(sentAsText(name));
          return file;
        },
      });
    } catch (cause) {
      // No boundary, say.
      reject(malformed(cause));
      return;
    }
    // The current part's filename*=, read from its headers just before Busboy announces the part.
    let extendedName: string | undefined;
    beforePartHeaders(parser, (header) => {
      extendedName = extendedFilename(header['content-disposition']?.[0]);
    });
    let files = 0;
    let onField = 0;
    parser.on('file', (name, stream, plainName, _encoding, mimeType) => {
      const filename = extendedName ?? plainName;
      files += 1;
      if (isFileField(name)) onField += 1;
      if (maxFiles > 1 && isFileField(name) && onField > maxFiles) {
        // More files than a several-files tool takes is a wrong request (400), not a large one.
        stream.resume();
        finish(
          new ApiError(
            'VALIDATION_ERROR',
            `Upload at most ${maxFiles} files in the field "${name}"; this form has more.`,
            {
              details: [{ field: name, message: `At most ${maxFiles} files.` }],
            },
          ),
        );
        return;
      }
      if (files > limits.files) {
        stream.resume();
        finish(tooLarge(`The form has more than ${limits.files} files.`));
        return;
      }
      const keep = !settled && isFileField(name) && kept < maxFiles;
      if (keep) kept += 1;
      stream.on('limit', () =>
        finish(
          tooLarge(`The file "${filename || name}" is larger than the ${mb(limits.fileBytes)} allowed.`),
        ),
      );
      const file = gather(stream, keep, total, finish).then((data) =>
        keep ? { field: name, filename: filename ?? '', declaredType: mimeType, data } : undefined,
      );
      gathering.push(file);
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) {
        finish(tooLarge(`The field "${name}" is longer than the ${limits.fieldBytes} bytes allowed.`));
      } else if (name !== '' && !(name in Object.prototype) && !(name in fields)) {
        fields[name] = value;
      }
    });
    parser.on('filesLimit', () => finish(tooLarge(`The form has more than ${limits.files} files.`)));
    parser.on('fieldsLimit', () => finish(tooLarge(`The form has more than ${limits.fields} fields.`)));
    parser.on('error', (cause: unknown) => finish(malformed(cause)));
    parser.on('finish', () => finish());

    function onData(chunk: Buffer) {
      sawData = true;
      // Every byte counts, those outside any part too (a preamble the parser skips). The bytes within
      // the bound are parsed first, so that a file or field over its own limit is what is named.
      const room = limits.bodyBytes - received;
      received += chunk.length;
      if (room > 0 && !parser.write(chunk.length > room ? chunk.subarray(0, room) : chunk)) {
        request.pause();
        parser.once('drain', () => settled || request.resume());
      }
      if (received > limits.bodyBytes) {
        request.off('data', onData);
        request.pause();
        // After the parser has passed on what it was given (its file streams emit on the next tick).
        setImmediate(() =>
          finish(tooLarge(`The upload is larger than the ${mb(limits.bodyBytes)} this tool reads.`)),
        );
      }
    }
    function onEnd() {
      // An empty body is an empty form (then "no file"); a cut-off one fails in the parser.
      if (sawData) parser.end();
      else finish();
    }
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', (cause) => finish(malformed(cause)));
    request.on('close', () => {
      if (!request.complete) finish(malformed());
    });
  });
}
