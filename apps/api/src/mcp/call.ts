import type { FastifyInstance, InjectOptions } from 'fastify';
import { downloadName } from '../http/result.js';
import type { McpTool } from './tools.js';
import { operationUrl } from './tools.js';

/*
 * An MCP tool call is the operation's own HTTP request, made inside the server (app.inject) with the
 * caller's key and address: the same validation, limits, API keys, rate limits, lanes and timeouts,
 * and exactly the contract's errors.
 */

type Content =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

export interface CallResult {
  content: Content[];
  isError?: boolean;
  [key: string]: unknown;
}

interface FileArgument {
  file_base64?: unknown;
  file_name?: unknown;
}

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A caller's mistake in the MCP arguments themselves, answered like the API's VALIDATION_ERROR. */
function invalid(message: string, field: string): CallResult {
  const body = { success: false, message, code: 'VALIDATION_ERROR', details: [{ field, message }] };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

function decodeFile(arg: FileArgument, field: string): Blob | string {
  if (typeof arg.file_base64 !== 'string') return `${field}file_base64 must be a base64 string.`;
  const text = arg.file_base64.replace(/\s+/g, '');
  if (text.length % 4 === 1 || !base64.test(text)) return `${field}file_base64 is not valid base64.`;
  return new Blob([Buffer.from(text, 'base64')]);
}

const fileName = (arg: FileArgument) =>
  typeof arg.file_name === 'string' && arg.file_name.trim() ? arg.file_name.trim() : 'upload';

/** The operation's fields of the arguments, as form values (the multipart API reads text). */
function fieldsOf(args: Record<string, unknown>): [string, string][] {
  return Object.entries(args)
    .filter(([name, value]) => !['file_base64', 'file_name', 'files'].includes(name) && value != null)
    .map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]);
}

async function requestFor(
  mcpTool: McpTool,
  args: Record<string, unknown>,
): Promise<{ payload: string | Buffer; contentType: string } | CallResult> {
  const { input } = mcpTool.tool.api;
  if (input.kind === 'json-or-file' && args.file_base64 === undefined) {
    const { file_name: _name, ...fields } = args;
    return { payload: JSON.stringify(fields), contentType: 'application/json' };
  }
  const form = new FormData();
  if (input.kind === 'files') {
    if (!Array.isArray(args.files))
      return invalid('files must be a list of {file_base64, file_name}.', 'files');
    for (const [i, item] of (args.files as FileArgument[]).entries()) {
      const file = decodeFile(item ?? {}, `files[${i}].`);
      if (typeof file === 'string') return invalid(file, `files[${i}].file_base64`);
      form.append(input.field, file, fileName(item));
    }
  } else {
    const file = decodeFile(args, '');
    if (typeof file === 'string') return invalid(file, 'file_base64');
    form.append(input.field, file, fileName(args));
  }
  for (const [name, value] of fieldsOf(args)) form.append(name, value);
  // The platform's own multipart encoder (undici) writes the body and its boundary.
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

function resultOf(status: number, type: string, body: Buffer, filename: string | undefined): CallResult {
  const mimeType = type.split(';', 1)[0]?.trim() || 'application/octet-stream';
  if (status >= 400) return { content: [{ type: 'text', text: body.toString('utf8') }], isError: true };
  if (mimeType.startsWith('image/') && mimeType !== 'image/svg+xml') {
    return { content: [{ type: 'image', data: body.toString('base64'), mimeType }] };
  }
  if (mimeType === 'application/json' || mimeType.startsWith('text/') || mimeType === 'application/xml') {
    return { content: [{ type: 'text', text: body.toString('utf8') }] };
  }
  const name = filename ?? 'result';
  return {
    content: [
      { type: 'text', text: `${name}: ${body.length} bytes of ${mimeType}.` },
      {
        type: 'resource',
        resource: {
          uri: `toolkit://results/${encodeURIComponent(name)}`,
          mimeType,
          blob: body.toString('base64'),
        },
      },
    ],
  };
}

export async function callTool(
  app: FastifyInstance,
  mcpTool: McpTool,
  args: Record<string, unknown>,
  caller: { headers: Record<string, string>; remoteAddress: string },
): Promise<CallResult> {
  const request = await requestFor(mcpTool, args);
  if ('content' in request) return request;
  const options: InjectOptions = {
    method: 'POST',
    url: operationUrl(mcpTool.tool),
    payload: request.payload,
    headers: { ...caller.headers, 'content-type': request.contentType },
    remoteAddress: caller.remoteAddress,
  };
  const response = await app.inject(options);
  const disposition = response.headers['content-disposition'];
  return resultOf(
    response.statusCode,
    String(response.headers['content-type'] ?? ''),
    response.rawPayload,
    downloadName(typeof disposition === 'string' ? disposition : undefined),
  );
}
