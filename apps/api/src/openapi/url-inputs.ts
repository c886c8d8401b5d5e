import type { JsonSchema, ToolSpec } from '@toolkit/catalog';

/*
 * What API.md "Inputs from anywhere, answers that cache" adds to every operation's description, in
 * one place for all of them: the `url` field beside the file, the GET form of each operation (signed
 * links), and the validator, cache and idempotency headers.
 */

export const urlProperty = {
  type: 'string',
  format: 'uri',
  description:
    'Instead of uploading the file: an http or https URL the server fetches it from (public addresses only, at most 3 redirects, within the upload limit). 400 INVALID_URL for a refused URL, 422 URL_FETCH_FAILED when it cannot be fetched.',
} as const;

/**
 * A multipart or JSON body schema that also takes `url`; with `fileField`, the file or `url` is
 * required (one of the two), beside any rule of the schema's own (resize's width, height or size).
 */
export function withUrl(schema: JsonSchema, fileField: string | undefined): JsonSchema {
  const { required, anyOf, ...rest } = schema as JsonSchema & { required?: string[]; anyOf?: JsonSchema[] };
  const properties = { ...(rest.properties as object), url: urlProperty };
  if (!fileField) return { ...schema, properties };
  const others = (required ?? []).filter((name) => name !== fileField);
  const fileOrUrl = [{ required: [fileField] }, { required: ['url'] }];
  return {
    ...rest,
    properties,
    ...(others.length > 0 ? { required: others } : {}),
    ...(anyOf ? { allOf: [{ anyOf }, { anyOf: fileOrUrl }] } : { anyOf: fileOrUrl }),
  };
}

const text = (description: string) => ({ description, schema: { type: 'string' } });

/** The headers of every successful answer of an operation run here. */
export const answerHeaders = {
  ETag: text(
    'Strong validator of the operation, its normalized fields and the input bytes (SHA-256): send it back in If-None-Match for a 304.',
  ),
  'Cache-Control': text('`no-store` on POST; `public, max-age=<CACHE_MAX_AGE_SECONDS>` on GET.'),
  'X-Cache': {
    description: '`HIT` when the answer came from the result cache, `MISS` when it was computed.',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
} as const;

export const ifNoneMatch = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag of an earlier answer: the same request answers 304 without running the work.',
  schema: { type: 'string' },
} as const;

export const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'With `Prefer: respond-async` (or on a pipeline sent async): the same key with the same request within IDEMPOTENCY_TTL_SECONDS answers the same job (202, same id); with another request, 422 IDEMPOTENCY_KEY_REUSED. 1–255 printable ASCII characters, scoped to the API key or client address.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
} as const;

export const notModified = {
  description: 'The If-None-Match named this answer: nothing is sent again.',
  headers: { ETag: answerHeaders.ETag },
};

const signatureParameters = [
  {
    name: 'expires',
    in: 'query',
    required: false,
    description:
      'Unix seconds after which a signed link is refused (403 INVALID_SIGNATURE); signed with the rest.',
    schema: { type: 'integer', minimum: 0 },
  },
  {
    name: 'signature',
    in: 'query',
    required: false,
    description:
      'base64url HMAC-SHA256 with URL_SIGNING_KEY of the path and query without `signature`, appended last (`npm run sign-url`). With URL_SIGNING_KEY set, a GET without an API key needs it; a missing, wrong or expired one is 403 INVALID_SIGNATURE.',
    schema: { type: 'string' },
  },
];

/**
 * The GET form of an operation: its fields as query parameters beside `url`, the POST's answers,
 * 304 and 403 INVALID_SIGNATURE.
 */
export function getOperation(spec: ToolSpec, post: JsonSchema, fields: JsonSchema): JsonSchema {
  const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((fields.required as string[] | undefined) ?? []);
  const query = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  const { '200': ok, ...errors } = post.responses as Record<string, JsonSchema>;
  // The validator and cache headers are documented here for both methods (the POST's own table is
  // the catalog's, which the docs pages show).
  const answered = { ...ok, headers: { ...(ok?.headers as object), ...answerHeaders } };
  return {
    operationId: `${post.operationId as string}ByUrl`,
    summary: `${spec.title} (GET, on a URL input)`,
    description: `${spec.title} on the file at \`url\`, its fields in the query: a link that can stand in an \`<img src>\` or behind a CDN when signed.`,
    tags: post.tags,
    parameters: [
      { name: 'url', in: 'query', required: true, description: urlProperty.description, schema: urlProperty },
      ...query,
      ...signatureParameters,
      ifNoneMatch,
    ],
    responses: {
      '200': answered,
      ...errors,
      '304': notModified,
      '403': {
        description:
          'A GET without an API key whose signature is missing, wrong or expired (INVALID_SIGNATURE).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}
