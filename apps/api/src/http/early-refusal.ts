import { type InputKind, maxFormBytes } from '@toolkit/catalog';
import type { FastifyRequest } from 'fastify';
import { missingFile } from '../core/fields.js';
import { ApiError } from '../errors.js';
import { isMultipart } from './multipart.js';

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined;

/**
 * A tool route's onRequest check, before a byte of the body is read or an upload slot taken: an
 * announced form larger than the route accepts is refused (413), and so is a body of any other
 * kind than a form on a route that only takes files (the same MISSING_FILE whatever was sent:
 * text/plain, application/octet-stream or JSON).
 */
export function refuseEarly(input: InputKind, fileBytes: number) {
  const totalBytes = input.kind === 'files' ? input.maxTotalBytes : undefined;
  const max = maxFormBytes(input, fileBytes);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return async (request: FastifyRequest) => {
    const length = Number(request.headers['content-length']);
    const form = isMultipart(request.raw);
    // A JSON or text body is Fastify's to refuse, by its own length limit and with a sentence about
    // the body (before reading it, too): "per file" would name something that was not sent.
    if (Number.isFinite(length) && length > max && (form || input.kind !== 'json-or-file')) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        totalBytes === undefined
          ? `The upload is ${mb(length)} MB; at most ${mb(fileBytes)} MB per file is allowed.`
          : `The upload is ${mb(length)} MB; at most ${mb(totalBytes)} MB of files in all is allowed.`,
      );
    }
    if (input.kind !== 'json-or-file' && hasBody(request) && !form) {
      throw missingFile(input);
    }
  };
}
