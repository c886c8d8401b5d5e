import {
  type ErrorCase,
  formatBytes,
  type HeaderFact,
  type ToolSpec,
  toolReference,
  typeName,
} from '@toolkit/catalog';
import { type FieldDoc, schemaFields } from './schema-fields';

/*
 * What the API reference of a tool says: the fields (the upload and the request schema) from its
 * catalog entry, the response and the errors from the catalog's tool reference, which the OpenAPI
 * document reads too. The website documents the public service, so the default limits apply. Pure
 * data, so it is tested without rendering.
 */

/** The file field(s) of a tool's form, documented like the other fields. */
export function fileFields(tool: ToolSpec): FieldDoc[] {
  const { input } = tool.api;
  const limit = formatBytes(toolReference(tool).uploadLimitBytes);
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

export type HeaderDoc = HeaderFact;

export interface ResponseDoc {
  /** Media types of a successful body. */
  mediaTypes: readonly string[];
  description: string;
  headers: readonly HeaderDoc[];
  /** The members of `data`, for JSON results. */
  dataFields: readonly FieldDoc[];
}

/** What a successful call returns. */
export function responseDoc(tool: ToolSpec): ResponseDoc {
  const { mediaTypes, headers } = toolReference(tool);
  const { output, responseData } = tool.api;
  return {
    mediaTypes,
    description: tool.api.response,
    headers,
    dataFields: output === 'analysis' && responseData ? schemaFields(responseData, 'output') : [],
  };
}

export type ErrorDoc = ErrorCase & { status: number };

/** The errors a tool can answer with, sorted by status, each with when it happens. */
export function errorDocs(tool: ToolSpec): readonly ErrorDoc[] {
  return toolReference(tool).errors;
}
