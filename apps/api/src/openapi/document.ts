import {
  apiBasePath,
  apiVersion,
  documentedJsonSchema,
  type ErrorCode,
  errorCodes,
  groups,
  type InputKind,
  type JsonSchema,
  liveTools,
  type OutputKind,
  type ToolSpec,
} from '@toolkit/catalog';

/*
 * The OpenAPI 3.1 document, derived from the catalog like the routes themselves: only live tools
 * appear, each with its fields (from the same zod schema that validates requests), its result and
 * its error responses.
 */

const binary = { type: 'string', format: 'binary' } as const;

const imageOutputTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff'];

const errorResponses: Record<string, { code: ErrorCode; description: string }> = {
  '400': {
    code: 'VALIDATION_ERROR',
    description: 'Invalid fields (with details), a missing file or a malformed body.',
  },
  '408': {
    code: 'REQUEST_TIMEOUT',
    description: 'The upload stalled, or was not received within the upload time limit.',
  },
  '413': { code: 'PAYLOAD_TOO_LARGE', description: 'The upload, or the decoded image, is too large.' },
  '415': { code: 'UNSUPPORTED_MEDIA_TYPE', description: 'The file is not of a supported type.' },
  '422': {
    code: 'UNPROCESSABLE_FILE',
    description: 'The file is of the right type but cannot be processed.',
  },
  '429': { code: 'RATE_LIMITED', description: 'Too many requests from this client; see Retry-After.' },
  '503': {
    code: 'OVERLOADED',
    description: 'The server is busy or the work took too long; see Retry-After.',
  },
  '500': { code: 'INTERNAL_ERROR', description: 'A bug on our side.' },
};

const intHeader = (description: string) => ({ description, schema: { type: 'integer' } });
const textHeader = (description: string) => ({ description, schema: { type: 'string' } });

const components = {
  schemas: {
    Error: {
      type: 'object',
      required: ['success', 'message', 'code'],
      properties: {
        success: { const: false },
        message: { type: 'string', description: 'A sentence a person can act on.' },
        code: { type: 'string', enum: Object.keys(errorCodes) },
        details: {
          type: 'array',
          description: 'One entry per invalid field (validation errors only).',
          items: {
            type: 'object',
            required: ['field', 'message'],
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
  headers: {
    RequestId: textHeader('The request id (echoed from the request when it sent a valid one).'),
    RetryAfter: intHeader('Seconds to wait before trying again.'),
    RateLimitLimit: intHeader('Requests allowed per window.'),
    RateLimitRemaining: intHeader('Requests left in the current window.'),
    RateLimitReset: intHeader('Seconds until the window resets.'),
  },
  responses: Object.fromEntries(
    Object.entries(errorResponses).map(([status, { code, description }]) => [
      `Error${status}`,
      {
        description,
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/RequestId' },
          ...(status === '429' || status === '503'
            ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }
            : {}),
          ...(status === '429'
            ? {
                'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
                'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
                'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
              }
            : {}),
        },
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            example: { success: false, message: errorCodes[code].message, code },
          },
        },
      },
    ]),
  ),
};

function fileProperty(input: Extract<InputKind, { kind: 'file' | 'files' }>): JsonSchema {
  const file = { ...binary, description: `Accepted types: ${input.accept.join(', ')}.` };
  return input.kind === 'file'
    ? { ...file, description: `${file.description} Only the first file is used.` }
    : { type: 'array', items: file, minItems: input.min, maxItems: input.max };
}

function requestBody(spec: ToolSpec): JsonSchema {
  const fields = spec.api.request
    ? documentedJsonSchema(spec.api.request, 'input')
    : { type: 'object', properties: {} };
  const examples = Object.fromEntries(
    (spec.api.examples ?? []).map((example, i) => [
      `example${i + 1}`,
      { summary: example.title, value: example.fields },
    ]),
  );
  const withExamples = Object.keys(examples).length > 0 ? { examples } : {};
  const { input } = spec.api;
  if (input.kind === 'json-or-file') {
    return {
      required: true,
      content: {
        'application/json': { schema: fields, ...withExamples },
        'multipart/form-data': {
          schema: { ...fields, properties: { file: binary, ...(fields.properties as object) } },
        },
      },
    };
  }
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          ...fields,
          required: [input.field],
          properties: { [input.field]: fileProperty(input), ...(fields.properties as object) },
        },
        encoding: { [input.field]: { contentType: input.accept.join(', ') } },
        ...withExamples,
      },
    },
  };
}

const downloadHeaders = {
  'Content-Disposition': textHeader('attachment; filename="<original-stem>-<operation>.<ext>"'),
  'Server-Timing': textHeader(
    'Milliseconds spent waiting for a free slot (queue), receiving the upload and processing it.',
  ),
  'X-Request-Id': { $ref: '#/components/headers/RequestId' },
};

function successResponse(spec: ToolSpec, output: OutputKind): JsonSchema {
  if (output === 'image') {
    return {
      description: spec.api.response,
      headers: {
        ...downloadHeaders,
        'X-Image-Width': intHeader('Width of the result in pixels.'),
        'X-Image-Height': intHeader('Height of the result in pixels (of one frame, for an animation).'),
        'X-Original-Size': intHeader('Size of the upload in bytes.'),
        'X-Output-Size': intHeader('Size of the result in bytes.'),
      },
      content: Object.fromEntries(imageOutputTypes.map((type) => [type, { schema: binary }])),
    };
  }
  if (output === 'analysis') {
    const data = spec.api.responseData
      ? documentedJsonSchema(spec.api.responseData, 'output')
      : { type: 'object' };
    return {
      description: spec.api.response,
      headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['success', 'message', 'data'],
            properties: { success: { const: true }, message: { type: 'string' }, data },
          },
        },
      },
    };
  }
  return {
    description: spec.api.response,
    headers: downloadHeaders,
    content: { 'application/octet-stream': { schema: binary } },
  };
}

function operationId(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function groupTitle(spec: ToolSpec): string {
  return groups.find((g) => g.id === spec.group)?.title ?? spec.group;
}

function operation(spec: ToolSpec): JsonSchema {
  return {
    operationId: operationId(spec.id),
    summary: spec.title,
    description: `${spec.description}\n\n${spec.api.response}`,
    tags: [groupTitle(spec)],
    requestBody: requestBody(spec),
    responses: {
      '200': successResponse(spec, spec.api.output),
      ...Object.fromEntries(
        Object.keys(errorResponses).map((status) => [
          status,
          { $ref: `#/components/responses/Error${status}` },
        ]),
      ),
    },
  };
}

/** The whole OpenAPI 3.1 document of this server. */
export function buildOpenApiDocument(): JsonSchema {
  const tools: readonly ToolSpec[] = liveTools;
  const usedGroups = groups.filter((g) => tools.some((t) => t.group === g.id));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Developer Toolkit API',
      version: apiVersion,
      description:
        'Utility APIs for images and more. Files are sent as multipart/form-data; errors are JSON ' +
        '{success: false, message, code, details}.',
    },
    servers: [{ url: apiBasePath }],
    tags: [
      ...usedGroups.map((g) => ({ name: g.title, description: g.cardDescription })),
      { name: 'Service' },
    ],
    paths: {
      ...Object.fromEntries(tools.map((spec) => [spec.api.path, { post: operation(spec) }])),
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Liveness',
          tags: ['Service'],
          responses: {
            '200': {
              description: 'The server is up.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['status', 'version', 'uptime'],
                    properties: {
                      status: { const: 'ok' },
                      version: { type: 'string' },
                      uptime: { type: 'integer', description: 'Seconds since the server started.' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          tags: ['Service'],
          responses: {
            '200': {
              description: 'The OpenAPI 3.1 document.',
              content: { 'application/json': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
    components,
  };
}
