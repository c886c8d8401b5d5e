import type { z } from 'zod';
import type { ToolSpec } from '../define-tool.js';
import { documentedJsonSchema } from '../json-schema.js';
import { formatBytes, typeName } from './errors.js';
import { toolReference } from './index.js';

/*
 * The fields of a tool's request and response as the docs state them: read by the docs page's tables,
 * the try-it panels (bounds and defaults) and the Markdown copy of each page, so all say the same.
 * The website documents the public service, so the default limits apply.
 */

/** One documented field of a request or response, read from the catalog's zod schema. */
export interface FieldDoc {
  name: string;
  /** JSON type as a client sends it: integer, number, boolean, string, object, array. */
  type: string;
  required: boolean;
  /** The value the server uses when the field is left out. */
  defaultValue: string | number | boolean | undefined;
  /** The allowed words of an enum. */
  values: readonly string[] | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  /** The longest text a string field takes, when it is bounded. */
  maxLength?: number;
  description: string;
}

type JsonProperty = {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
};

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * The fields of an object schema, in declaration order, from the same documented JSON Schema the
 * OpenAPI document publishes, so the docs say exactly what the server validates. `io: 'input'`
 * documents what a client sends (fields with a default are optional); `'output'` what a response holds.
 */
export function schemaFields(schema: z.ZodObject, io: 'input' | 'output' = 'input'): FieldDoc[] {
  const json = documentedJsonSchema(schema, io);
  const properties = (json.properties ?? {}) as Record<string, JsonProperty>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.keys(schema.shape).map((name) => {
    const property = properties[name] ?? {};
    const type = Array.isArray(property.type) ? property.type.join(' | ') : (property.type ?? 'string');
    return {
      name,
      type,
      required: required.has(name),
      defaultValue: isScalar(property.default) ? property.default : undefined,
      values: property.enum?.filter((value): value is string => typeof value === 'string'),
      minimum: property.minimum,
      maximum: property.maximum,
      ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
      description: property.description ?? '',
    };
  });
}

/** One field of a schema by name; throws when the catalog no longer has it (a test then fails). */
export function schemaField(schema: z.ZodObject, name: string): FieldDoc {
  const found = schemaFields(schema).find((field) => field.name === name);
  if (!found) throw new Error(`The schema has no field ${name}.`);
  return found;
}

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

/**
 * What a field allows, one entry per choice: ['jpeg', 'png'], ['true', 'false'], ['1–4096'],
 * ['≤ 100 characters'] or [].
 */
export function allowedValues(field: FieldDoc): string[] {
  if (field.values?.length) return [...field.values];
  if (field.type === 'boolean') return ['true', 'false'];
  if (field.maxLength !== undefined) return [`≤ ${field.maxLength} characters`];
  const unit = field.type === 'file[]' ? ' files' : '';
  if (field.minimum !== undefined && field.maximum !== undefined) {
    return [`${field.minimum}–${field.maximum}${unit}`];
  }
  if (field.minimum !== undefined) return [`≥ ${field.minimum}${unit}`];
  if (field.maximum !== undefined) return [`≤ ${field.maximum}${unit}`];
  return [];
}

export interface ResponseDoc {
  /** Media types of a successful body. */
  mediaTypes: readonly string[];
  description: string;
  headers: ReturnType<typeof toolReference>['headers'];
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

/** The body of a request as the docs describe it. */
export function requestBodyType(tool: ToolSpec): string {
  return tool.api.input.kind === 'json-or-file'
    ? 'application/json (or multipart/form-data with a file)'
    : 'multipart/form-data';
}
