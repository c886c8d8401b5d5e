import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { type Core, operationName } from '../core/core.js';
import type { InputFile } from '../core/fields.js';
import { downloadName, type StoredResponse, storedError, storedResult } from '../core/result.js';
import { ApiError } from '../errors.js';
import type { UrlFetcher } from '../http/url-input.js';
import type { McpTool } from './tools.js';

/*
 * An MCP tool call is a call of the execution core with the caller's identity: the same validation,
 * limits, lanes and timeouts as the operation's HTTP route, and the contract's messages. Arguments
 * that do not fit the tool are the protocol's invalid-params error (-32602), naming the field;
 * what the operation refuses is a tool result with isError.
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
  /** An http(s) URL to fetch instead of file_base64. */
  url?: unknown;
}

export interface McpCaller {
  client: string;
  log: FastifyBaseLogger;
  signal: AbortSignal;
  /** The largest file the operation takes (its route's upload limit). */
  uploadBytes: (tool: McpTool) => number;
  /** Fetches a `url` argument, guarded as the HTTP API's URL inputs are. */
  fetcher: UrlFetcher;
}

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Deeper arguments than any tool's schema has are refused before anything walks them. */
const maxDepth = 32;

/**
 * The protocol's invalid-params error. (The SDK sends a thrown error's own code and message; an
 * McpError's message would carry its "MCP error -32602:" prefix twice once the client adds its own.)
 */
class InvalidParams extends Error {
  readonly code = ErrorCode.InvalidParams;
}

const invalidParams = (field: string, message: string) => new InvalidParams(`${field}: ${message}`);

/** The nesting depth of a JSON value, without recursion (a value nested thousands deep is data). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > maxDepth) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A file argument: its base64 bytes, or its `url` fetched (the HTTP API's URL input). */
async function readFile(
  arg: FileArgument,
  field: string,
  maxBytes: number,
  caller: McpCaller,
): Promise<InputFile> {
  if (arg.file_base64 === undefined && arg.url !== undefined) {
    if (typeof arg.url !== 'string') throw invalidParams(`${field}url`, 'must be an http or https URL.');
    const label = field ? field.slice(0, -1) : 'The url';
    const file = await caller.fetcher(arg.url.trim(), maxBytes, caller.signal, label);
    const name = typeof arg.file_name === 'string' && arg.file_name.trim() ? arg.file_name.trim() : undefined;
    return name ? { ...file, filename: name } : file;
  }
  return decodeFile(arg, field, maxBytes);
}

function decodeFile(arg: FileArgument, field: string, maxBytes: number): InputFile {
  if (typeof arg.file_base64 !== 'string')
    throw invalidParams(`${field}file_base64`, 'must be a base64 string (or give url instead).');
  const text = arg.file_base64.replace(/\s+/g, '');
  if (text.length % 4 === 1 || !base64.test(text)) {
    throw invalidParams(`${field}file_base64`, 'is not valid base64.');
  }
  const filename =
    typeof arg.file_name === 'string' && arg.file_name.trim() ? arg.file_name.trim() : 'upload';
  const data = Buffer.from(text, 'base64');
  if (data.length > maxBytes) {
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The file "${filename}" is larger than the ${mb(maxBytes)} allowed.`,
    );
  }
  return { filename, data };
}

/**
 * The operation's fields and files of the arguments. With a file the fields are read as a form
 * reads them (text), as the HTTP API's multipart route does; a text tool without one takes JSON.
 */
async function inputOf(mcpTool: McpTool, args: Record<string, unknown>, maxBytes: number, caller: McpCaller) {
  const { input } = mcpTool.tool.api;
  const { file_base64: _data, file_name: _name, files: _files, url: _url, ...rest } = args;
  if (input.kind === 'json-or-file' && args.file_base64 === undefined && args.url === undefined)
    return { fields: rest, files: [] };
  let files: InputFile[];
  if (input.kind === 'files') {
    if (!Array.isArray(args.files))
      throw invalidParams('files', 'must be a list of {file_base64, file_name}.');
    if (args.files.length > input.max) throw invalidParams('files', `at most ${input.max} files.`);
    files = [];
    for (const [i, item] of (args.files as FileArgument[]).entries())
      files.push(await readFile(item ?? {}, `files[${i}].`, maxBytes, caller));
  } else {
    files = [await readFile(args, '', maxBytes, caller)];
  }
  const fields = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value != null)
      .map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  );
  return { fields, files };
}

function resultOf(response: StoredResponse): CallResult {
  const { status, headers, body } = response;
  const mimeType = (headers['content-type'] ?? '').split(';', 1)[0]?.trim() || 'application/octet-stream';
  if (status >= 400) return { content: [{ type: 'text', text: body.toString('utf8') }], isError: true };
  if (mimeType.startsWith('image/') && mimeType !== 'image/svg+xml') {
    return { content: [{ type: 'image', data: body.toString('base64'), mimeType }] };
  }
  if (mimeType === 'application/json' || mimeType.startsWith('text/') || mimeType === 'application/xml') {
    return { content: [{ type: 'text', text: body.toString('utf8') }] };
  }
  const name = downloadName(headers['content-disposition']) ?? 'result';
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
  core: Core,
  mcpTool: McpTool,
  args: Record<string, unknown>,
  caller: McpCaller,
): Promise<CallResult> {
  if (depthOf(args) > maxDepth) {
    throw new InvalidParams(`The arguments are nested more than ${maxDepth} levels deep.`);
  }
  const retryAfter = core.config.loadShedding.retryAfterSeconds;
  try {
    const { fields, files } = await inputOf(mcpTool, args, caller.uploadBytes(mcpTool), caller);
    let call: ReturnType<Core['check']>;
    try {
      call = core.check(mcpTool.tool, fields, files);
    } catch (error) {
      // Arguments that do not fit the tool's schema: the protocol's own error, naming the field.
      if (error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.details?.[0]) {
        throw invalidParams(error.details[0].field, error.details[0].message);
      }
      throw error;
    }
    const result = await core.run(call, {
      client: caller.client,
      log: caller.log,
      signal: caller.signal,
      wait: false,
    });
    const sourceName = files[0]?.filename;
    return resultOf(await storedResult(result, { operation: operationName(mcpTool.tool), sourceName }));
  } catch (error) {
    if (error instanceof InvalidParams) throw error;
    return resultOf(storedError(error, retryAfter));
  }
}
