import type { ErrorCase, InputKind, ToolSpec } from '../define-tool.js';
import { errorCodes } from '../errors.js';
import type { Limits } from '../limits.js';

/** A byte count for people, in the binary units the limits use: '10 MB', '512 KB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Largest upload of a tool: its own limit, else the image or the general upload limit. */
export function uploadLimitBytes(tool: ToolSpec, limits: Limits): number {
  return (
    tool.api.maxUploadBytes ?? (tool.group === 'image' ? limits.imageUploadBytes : limits.otherUploadBytes)
  );
}

/** Room for the multipart framing and the text fields on top of the files themselves (1 MB). */
export const formOverheadBytes = 1024 * 1024;

/**
 * The largest request body a tool route reads, framing included: its files at most, plus room for
 * the framing and fields. A larger body is refused before it is read (or, chunked, as it passes).
 */
export function maxFormBytes(input: InputKind | undefined, fileBytes: number): number {
  const many = input?.kind === 'files' ? input : undefined;
  return (
    Math.min(fileBytes * (many?.max ?? 1), many?.maxTotalBytes ?? Number.POSITIVE_INFINITY) +
    formOverheadBytes
  );
}

/** Processing time a tool's request may take: audio gets longer. */
export function processingTimeoutMs(tool: ToolSpec, limits: Limits): number {
  return tool.api.output === 'audio' ? limits.audioTimeoutMs : limits.requestTimeoutMs;
}

/** The short name of a media type: 'image/svg+xml' -> 'SVG', 'image/jpeg' -> 'JPEG'. */
export function typeName(mime: string): string {
  const subtype = mime.split('/')[1] ?? mime;
  return subtype.replace(/\+.*$/, '').toUpperCase();
}

function readsImages(tool: ToolSpec): boolean {
  const { input } = tool.api;
  return input.kind !== 'json-or-file' && input.accept.some((type) => type.startsWith('image/'));
}

/** The documents a JSON-or-file tool parses, by its JSON member, as the server's messages name them. */
const parsedDocuments: Record<string, string | undefined> = {
  json: 'JSON',
  csv: 'CSV',
  xml: 'XML',
  yaml: 'YAML',
  base64: 'base64',
};

/** Error cases that depend on how the tool takes its input. */
function inputCases(tool: ToolSpec, limits: Limits): ErrorCase[] {
  const { input } = tool.api;
  const fileBytes = uploadLimitBytes(tool, limits);
  const upload = formatBytes(fileBytes);
  const form = formatBytes(maxFormBytes(input, fileBytes));
  if (input.kind === 'json-or-file') {
    return [
      {
        code: 'MALFORMED_REQUEST',
        when: `The body is not a JSON object (with a "${input.textKey}" member) nor a readable multipart form.`,
      },
      { code: 'MISSING_FILE', when: 'The uploaded file is empty.' },
      {
        code: 'PAYLOAD_TOO_LARGE',
        when: `The JSON body is over ${formatBytes(limits.textBodyBytes)}, the uploaded file over ${upload}, or the whole form over ${form}.`,
      },
      {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        when: 'The body is neither application/json nor multipart/form-data.',
      },
      ...(parsedDocuments[input.textKey]
        ? [
            {
              code: 'VALIDATION_ERROR',
              when: `The ${parsedDocuments[input.textKey]} is not well formed: the message gives the ${input.textKey === 'base64' ? 'position' : 'line and column'} of the first error.`,
            } as const,
          ]
        : []),
      ...(input.bytes
        ? []
        : [
            {
              code: 'UNPROCESSABLE_FILE',
              when: 'The uploaded file is not UTF-8 text (or UTF-16 with a byte order mark); the message names the encoding found.',
            } as const,
          ]),
    ];
  }
  const names = input.accept.map(typeName).join(', ');
  return [
    {
      code: 'MISSING_FILE',
      when:
        input.kind === 'files'
          ? `${input.min > 1 ? `Fewer than ${input.min} files were` : 'No file was'} uploaded in the "${input.field}" field, or one of them is empty.`
          : `No file was uploaded in the "${input.field}" field, or the file is empty.`,
    },
    ...(input.kind === 'files'
      ? [
          {
            code: 'VALIDATION_ERROR',
            when: `More than ${input.max} files were uploaded in the "${input.field}" field.`,
          } as const,
        ]
      : []),
    { code: 'MALFORMED_REQUEST', when: 'The multipart body could not be read.' },
    {
      code: 'PAYLOAD_TOO_LARGE',
      when:
        input.kind === 'files'
          ? `A file is over ${upload}${input.maxTotalBytes ? `, the files add up to more than ${formatBytes(input.maxTotalBytes)}` : ''}, or the whole form is over ${form}.`
          : `The file is over ${upload}, or the whole form over ${form}.`,
    },
    ...(readsImages(tool)
      ? [
          {
            code: 'IMAGE_TOO_LARGE',
            when: `The decoded image has more than ${limits.maxInputPixels / 1_000_000} megapixels.`,
          } as const,
        ]
      : []),
    // A wildcard (audio/*) names no format: such a tool documents its own 415 (api.errors).
    ...(input.accept.length > 0 && !input.accept.some((type) => type.endsWith('/*'))
      ? [
          {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            when: `The file is not one of: ${names}. The type is read from the bytes, not the name.`,
          } as const,
        ]
      : []),
    // A tool that takes any file decodes none of them: such a tool documents its own 422 (api.errors).
    ...(input.accept.length > 0
      ? [
          {
            code: 'UNPROCESSABLE_FILE',
            when: 'The file has the right type but cannot be decoded (corrupt or truncated).',
          } as const,
        ]
      : []),
  ];
}

/**
 * Every error a tool can answer with and when, sorted by status: those of its fields, of its input
 * kind, those every endpoint shares, then the tool's own (`api.errors`). Sentences carry the live
 * limits, so a server with other limits documents its own.
 */
export function errorCases(tool: ToolSpec, limits: Limits): (ErrorCase & { status: number })[] {
  const hasFields = Object.keys(tool.api.request?.shape ?? {}).length > 0;
  const seconds = processingTimeoutMs(tool, limits) / 1000;
  const cases: ErrorCase[] = [
    ...(hasFields
      ? [{ code: 'VALIDATION_ERROR', when: 'A field is invalid; details names each one.' } as const]
      : []),
    ...inputCases(tool, limits),
    {
      code: 'UNAUTHORIZED',
      when: 'The server requires an API key (API_KEYS) and the request carries none, or one it does not know.',
    },
    {
      code: 'REQUEST_TIMEOUT',
      when: 'The upload stalled, or was not received within the upload time limit.',
    },
    { code: 'RATE_LIMITED', when: 'Too many requests from this client; wait for Retry-After seconds.' },
    { code: 'INTERNAL_ERROR', when: 'A bug on our side. The message never includes internals.' },
    { code: 'OVERLOADED', when: 'The server is busy; try again after Retry-After seconds.' },
    {
      code: 'TIMEOUT',
      when: `Processing took longer than ${seconds} s; try again after Retry-After seconds.`,
    },
    ...(tool.api.errors ?? []),
  ];
  // Array sort is stable: within a status, the order above stays.
  return cases.map((c) => ({ ...c, status: errorCodes[c.code].status })).sort((a, b) => a.status - b.status);
}
