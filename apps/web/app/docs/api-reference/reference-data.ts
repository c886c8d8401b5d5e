import { defaultLimits, type ErrorCode, errorCodes, type ToolSpec } from '@toolkit/catalog';
import { formatBytes } from '~/tools/_shared/format';
import { type FieldDoc, schemaFields } from './schema-fields';

/*
 * What the API reference of a tool says, derived from its catalog entry: the fields (the upload and
 * the request schema), the response and the errors. Pure data, so it is tested without rendering.
 */

/** Largest upload of a tool, as the server applies it (image tools 10 MB, others 25 MB). */
export function uploadLimitBytes(tool: ToolSpec): number {
  return (
    tool.api.maxUploadBytes ??
    (tool.group === 'image' ? defaultLimits.imageUploadBytes : defaultLimits.otherUploadBytes)
  );
}

/** 'image/svg+xml' -> 'SVG', 'image/jpeg' -> 'JPEG'. */
function typeName(mime: string): string {
  const subtype = mime.split('/')[1] ?? mime;
  return subtype.replace(/\+.*$/, '').toUpperCase();
}

/** The file field(s) of a tool's form, documented like the other fields. */
export function fileFields(tool: ToolSpec): FieldDoc[] {
  const { input } = tool.api;
  const limit = formatBytes(uploadLimitBytes(tool));
  const base = {
    required: true,
    defaultValue: undefined,
    values: undefined,
    minimum: undefined,
    maximum: undefined,
  };
  if (input.kind === 'json-or-file') {
    return [
      {
        ...base,
        name: input.field,
        type: 'file',
        required: false,
        description: `The input as an uploaded file instead of the JSON body (up to ${limit}).`,
      },
    ];
  }
  const accepted = input.accept.map(typeName).join(', ');
  if (input.kind === 'files') {
    return [
      {
        ...base,
        name: input.field,
        type: 'file[]',
        minimum: input.min,
        maximum: input.max,
        description: `${input.min} to ${input.max} files (${accepted}), each up to ${limit}.`,
      },
    ];
  }
  return [
    {
      ...base,
      name: input.field,
      type: 'file',
      description: `The file to process: ${accepted}; up to ${limit}. The type is read from the bytes, not the name; only the first file is used.`,
    },
  ];
}

/** Every field of the request: the upload first, then the schema's fields in declaration order. */
export function requestFields(tool: ToolSpec): FieldDoc[] {
  return [...fileFields(tool), ...(tool.api.request ? schemaFields(tool.api.request) : [])];
}

/** What a field allows, one entry per choice: ['jpeg', 'png'], ['true', 'false'], ['1–4096'] or []. */
export function allowedValues(field: FieldDoc): string[] {
  if (field.values?.length) return [...field.values];
  if (field.type === 'boolean') return ['true', 'false'];
  const unit = field.type === 'file[]' ? ' files' : '';
  if (field.minimum !== undefined && field.maximum !== undefined) {
    return [`${field.minimum}–${field.maximum}${unit}`];
  }
  if (field.minimum !== undefined) return [`≥ ${field.minimum}${unit}`];
  if (field.maximum !== undefined) return [`≤ ${field.maximum}${unit}`];
  return [];
}

export interface HeaderDoc {
  name: string;
  description: string;
}

export interface ResponseDoc {
  /** Media type(s) of a successful body. */
  contentType: string;
  description: string;
  headers: readonly HeaderDoc[];
  /** The members of `data`, for JSON results. */
  dataFields: readonly FieldDoc[];
}

const requestIdHeader: HeaderDoc = {
  name: 'X-Request-Id',
  description: 'The request id, echoed from the request when it sent one.',
};

const downloadHeaders: readonly HeaderDoc[] = [
  { name: 'Content-Disposition', description: 'attachment; filename="<original-name>-<operation>.<ext>"' },
  { name: 'Server-Timing', description: 'Time spent receiving the upload and processing it.' },
  requestIdHeader,
];

const imageHeaders: readonly HeaderDoc[] = [
  { name: 'X-Image-Width', description: 'Width of the result in pixels.' },
  { name: 'X-Image-Height', description: 'Height of the result in pixels.' },
  { name: 'X-Original-Size', description: 'Size of the upload in bytes.' },
  { name: 'X-Output-Size', description: 'Size of the result in bytes.' },
];

/** What a successful call returns, by the tool's output kind. */
export function responseDoc(tool: ToolSpec): ResponseDoc {
  const description = tool.api.response;
  switch (tool.api.output) {
    case 'image':
      return {
        contentType: 'image/jpeg, image/png, image/webp or image/avif',
        description,
        headers: [
          { name: 'Content-Type', description: 'The real type of the result.' },
          ...downloadHeaders,
          ...imageHeaders,
        ],
        dataFields: [],
      };
    case 'analysis':
      return {
        contentType: 'application/json',
        description,
        headers: [requestIdHeader],
        dataFields: tool.api.responseData ? schemaFields(tool.api.responseData, 'output') : [],
      };
    default:
      return {
        contentType: 'the converted file’s own media type',
        description,
        headers: [{ name: 'Content-Type', description: 'The real type of the result.' }, ...downloadHeaders],
        dataFields: [],
      };
  }
}

export interface ErrorDoc {
  status: number;
  code: ErrorCode;
  when: string;
}

/** When each error of an upload endpoint happens; the status comes from the catalog's errorCodes. */
const errorSituations: Partial<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'A field is invalid; details names each one.',
  MISSING_FILE: 'No file was uploaded in the file field.',
  MALFORMED_REQUEST: 'The multipart body could not be read.',
  PAYLOAD_TOO_LARGE: 'The upload is over the size limit.',
  IMAGE_TOO_LARGE: 'The decoded image has more pixels than the limit (50 megapixels).',
  UNSUPPORTED_MEDIA_TYPE: 'The file is not of a type this endpoint reads.',
  UNPROCESSABLE_FILE: 'The file has the right type but cannot be decoded (corrupt or truncated).',
  REQUEST_TIMEOUT: 'The upload stalled, or was not received within the upload time limit.',
  RATE_LIMITED: 'Too many requests from this client; wait for Retry-After seconds.',
  OVERLOADED: 'The server is busy; try again after Retry-After seconds.',
  TIMEOUT: 'Processing took longer than the time limit; try again after Retry-After seconds.',
  INTERNAL_ERROR: 'A bug on our side. The message never includes internals.',
};

/** The errors a tool can answer with, by status. Image-only and field errors only where they apply. */
export function errorDocs(tool: ToolSpec): ErrorDoc[] {
  const hasFields = Object.keys(tool.api.request?.shape ?? {}).length > 0;
  const applies = (code: ErrorCode): boolean => {
    if (code === 'VALIDATION_ERROR') return hasFields;
    if (code === 'IMAGE_TOO_LARGE') return tool.group === 'image';
    if (code === 'MISSING_FILE') return tool.api.input.kind !== 'json-or-file';
    return true;
  };
  return (Object.keys(errorSituations) as ErrorCode[])
    .filter(applies)
    .map((code) => ({ status: errorCodes[code].status, code, when: errorSituations[code] ?? '' }))
    .sort((a, b) => a.status - b.status);
}
