import {
  apiBasePath,
  apiVersion,
  defaultLimits,
  documentedJsonSchema,
  type ErrorCode,
  errorCodes,
  errorHeaders,
  groups,
  type HeaderFact,
  type InputKind,
  type JsonSchema,
  type Limits,
  liveTools,
  requestIdHeader,
  type ToolReference,
  type ToolSpec,
  toolReference,
} from '@toolkit/catalog';
import { convertFormatsOpenApi, convertFormatsPath } from '../tools/file/convert-formats-doc.js';
import { envelope, jsonResponse } from './parts.js';
import { pipelineOpenApi, pipelineSchemas } from './pipeline.js';
import { securitySchemes, servicePaths } from './service.js';
import { getOperation, idempotencyKey, ifNoneMatch, withUrl } from './url-inputs.js';

/*
 * The OpenAPI 3.1 document, derived from the catalog like the routes themselves: only live tools
 * appear, each with its fields (from the same zod schema that validates requests), and its results
 * and errors from the catalog's tool reference, which the docs pages read too.
 */

const binary = { type: 'string', format: 'binary' } as const;

const header = (fact: HeaderFact) => ({ description: fact.description, schema: { type: fact.type } });
const headerRef = (key: keyof typeof errorHeaders | 'requestId') => ({ $ref: `#/components/headers/${key}` });

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
    ...pipelineSchemas,
  },
  headers: {
    requestId: header(requestIdHeader),
    ...Object.fromEntries(Object.entries(errorHeaders).map(([key, fact]) => [key, header(fact)])),
  },
};

/** The headers an error response of `status` carries. */
function errorResponseHeaders(status: number): JsonSchema {
  return {
    [requestIdHeader.name]: headerRef('requestId'),
    ...(status === 429 || status === 503 ? { [errorHeaders.retryAfter.name]: headerRef('retryAfter') } : {}),
    ...(status === 429
      ? {
          [errorHeaders.rateLimitLimit.name]: headerRef('rateLimitLimit'),
          [errorHeaders.rateLimitRemaining.name]: headerRef('rateLimitRemaining'),
          [errorHeaders.rateLimitReset.name]: headerRef('rateLimitReset'),
        }
      : {}),
  };
}

/**
 * One response per error status: the description joins the sentences saying when each case happens,
 * and each case is an example (summary: when; value: the body with its code).
 */
function errorResponses(reference: ToolReference): JsonSchema {
  const byStatus = new Map<number, ToolReference['errors'][number][]>();
  for (const e of reference.errors) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
  return Object.fromEntries(
    [...byStatus].map(([status, cases]) => {
      const seen = new Map<ErrorCode, number>();
      const examples = Object.fromEntries(
        cases.map(({ code, when }) => {
          const n = (seen.get(code) ?? 0) + 1;
          seen.set(code, n);
          const body = { success: false, message: errorCodes[code].message, code };
          return [n === 1 ? code : `${code}_${n}`, { summary: when, value: body }];
        }),
      );
      return [
        String(status),
        {
          description: cases.map((c) => c.when).join(' '),
          headers: errorResponseHeaders(status),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, examples } },
        },
      ];
    }),
  );
}

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
        'application/json': { schema: withUrl(fields, undefined), ...withExamples },
        'multipart/form-data': {
          schema: withUrl(
            { ...fields, properties: { file: binary, ...(fields.properties as object) } },
            undefined,
          ),
        },
      },
    };
  }
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: withUrl(
          {
            ...fields,
            required: [input.field],
            properties: { [input.field]: fileProperty(input), ...(fields.properties as object) },
          },
          input.field,
        ),
        encoding: { [input.field]: { contentType: input.accept.join(', ') } },
        ...withExamples,
      },
    },
  };
}

/** The body schema of a successful result of one media type. */
function resultSchema(spec: ToolSpec, mediaType: string): JsonSchema {
  if (spec.api.output === 'analysis' && mediaType === 'application/json') {
    const data = spec.api.responseData
      ? documentedJsonSchema(spec.api.responseData, 'output')
      : { type: 'object' };
    return envelope(data);
  }
  return spec.api.output === 'document' || mediaType.startsWith('text/') ? { type: 'string' } : binary;
}

function successResponse(spec: ToolSpec, reference: ToolReference): JsonSchema {
  return {
    description: spec.api.response,
    headers: Object.fromEntries(reference.headers.map((fact) => [fact.name, header(fact)])),
    content: Object.fromEntries(
      reference.mediaTypes.map((type) => [type, { schema: resultSchema(spec, type) }]),
    ),
  };
}

function operationId(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function groupTitle(spec: ToolSpec): string {
  return groups.find((g) => g.id === spec.group)?.title ?? spec.group;
}

function operation(spec: ToolSpec, limits: Limits): JsonSchema {
  const reference = toolReference(spec, limits);
  return {
    operationId: operationId(spec.id),
    summary: spec.title,
    description: `${spec.description}\n\n${spec.api.response}`,
    tags: [groupTitle(spec)],
    parameters: [ifNoneMatch, idempotencyKey],
    requestBody: requestBody(spec),
    responses: { '200': successResponse(spec, reference), ...errorResponses(reference) },
  };
}

/** An operation's POST, and its GET on a URL input (signed links). */
function operations(spec: ToolSpec, limits: Limits): JsonSchema {
  const post = operation(spec, limits);
  const fields = spec.api.request ? documentedJsonSchema(spec.api.request, 'input') : { properties: {} };
  return { post, get: getOperation(spec, post, fields) };
}

/**
 * The whole OpenAPI 3.1 document of this server. `limits` are the server's own, so the documented
 * sentences ("more than 50 megapixels") follow its configuration.
 */
export function buildOpenApiDocument(limits: Limits = defaultLimits): JsonSchema {
  const tools: readonly ToolSpec[] = liveTools;
  const usedGroups = groups.filter((g) => tools.some((t) => t.group === g.id));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Developer Toolkit API',
      version: apiVersion,
      description:
        'Utility APIs for images and more. Files are sent as multipart/form-data, or named by `url` ' +
        '(fetched by the server; every operation also answers GET with `url` and its fields in the query, ' +
        'signed links without an API key when URL_SIGNING_KEY is set); answers carry a strong ETag and ' +
        'X-Cache; errors are JSON ' +
        '{success: false, message, code, details}. Any operation sent with `Prefer: respond-async` answers ' +
        '202 with a job (`/jobs/{id}`); with `Callback-Url` the finished job is POSTed there, signed ' +
        '(`Webhook-Signature`). When the server sets API keys, operations need `Authorization: Bearer` or `X-API-Key`.',
    },
    servers: [{ url: apiBasePath }],
    tags: [
      ...usedGroups.map((g) => ({ name: g.title, description: g.cardDescription })),
      { name: 'Service' },
    ],
    paths: {
      ...Object.fromEntries(tools.map((spec) => [spec.api.path, operations(spec, limits)])),
      '/pipeline': { post: pipelineOpenApi },
      ...servicePaths,
      [convertFormatsPath]: convertFormatsOpenApi,
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Liveness',
          tags: ['Service'],
          responses: {
            '200': jsonResponse('The server is up.', {
              type: 'object',
              required: ['status', 'version', 'uptime'],
              properties: {
                status: { const: 'ok' },
                version: { type: 'string' },
                uptime: { type: 'integer', description: 'Seconds since the server started.' },
              },
            }),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          tags: ['Service'],
          responses: {
            '200': jsonResponse('The OpenAPI 3.1 document.', { type: 'object' }),
          },
        },
      },
    },
    components: { ...components, securitySchemes },
  };
}
