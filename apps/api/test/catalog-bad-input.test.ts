import {
  apiUrlPath,
  documentedJsonSchema,
  type JsonSchema,
  liveTools,
  type ToolSpec,
  toolReference,
} from '@toolkit/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitsOf } from '../src/openapi/limits.js';
import { makeApp, testConfig } from './helpers/app.js';
import {
  exampleRequest,
  type HttpRequest,
  jsonRequest,
  multipartRequest,
  sampleFile,
  wrongTypeFile,
} from './helpers/catalog-samples.js';
import { listenOnFreePort } from './helpers/listen.js';

/*
 * The bad inputs every live tool must refuse the same way, over real HTTP, chosen by its input kind:
 * nothing is written per tool. Each answer must also be one the tool's reference documents.
 */

// Small limits, so that an oversized upload is quick to send.
const env = { IMAGE_MAX_UPLOAD_BYTES: '400000', UPLOAD_MAX_BYTES: '400000', BODY_MAX_BYTES: '100000' };
const limits = limitsOf(testConfig(env));

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await makeApp(env);
  base = await listenOnFreePort(app);
});
afterAll(async () => {
  await app.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: {
    success?: boolean;
    code?: string;
    message?: string;
    details?: { field: string; message: string }[];
  };
}

async function send(tool: ToolSpec, request: HttpRequest, method = 'POST'): Promise<Answer> {
  const response = await fetch(`${base}${apiUrlPath(tool)}`, {
    method,
    headers: request.headers,
    body: method === 'GET' || method === 'DELETE' ? undefined : request.body,
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : {};
  return { status: response.status, headers: response.headers, body: json };
}

/** Asserts a contract error, and that the tool's reference documents its code with this status. */
function expectDocumentedError(tool: ToolSpec, answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.body.message).toBe(status);
  expect(answer.body).toMatchObject({ success: false, code });
  expect(answer.body.message?.length).toBeGreaterThan(10);
  const documented = toolReference(tool, limits).errors.map((e) => `${e.status} ${e.code}`);
  expect(documented, `${tool.id} does not document ${status} ${code}`).toContain(`${status} ${code}`);
}

/** The first example's fields: a request every other rule accepts, so only the bad part fails. */
function baseFields(tool: ToolSpec) {
  return tool.api.examples?.[0]?.fields ?? {};
}

/** Fields whose values are a fixed list, with that list. */
function enumeratedFields(tool: ToolSpec): [string, readonly string[]][] {
  if (!tool.api.request) return [];
  const properties = documentedJsonSchema(tool.api.request, 'input').properties as Record<string, JsonSchema>;
  return Object.entries(properties).flatMap(([name, property]) =>
    Array.isArray(property.enum) ? [[name, property.enum as string[]] as [string, string[]]] : [],
  );
}

function oversized(bytes: number): Buffer {
  return Buffer.alloc(bytes + 1, 0x41);
}

describe.each(liveTools.map((tool) => [tool.id, tool as ToolSpec] as const))(
  '%s refuses bad input',
  (_, tool) => {
    const { input } = tool.api;
    const reference = toolReference(tool, limits);

    it('answers a wrong method with 405 naming POST', async () => {
      // (GET runs the operation on a URL input: a signed link.)
      const answer = await send(tool, { body: undefined, headers: {} }, 'DELETE');
      expect(answer.status).toBe(405);
      expect(answer.body.code).toBe('METHOD_NOT_ALLOWED');
      expect(answer.headers.get('allow')).toContain('POST');
    });

    it('ignores an unknown field (the request still succeeds)', async () => {
      const example = tool.api.examples?.[0];
      expect(example, `${tool.id} has no example in its catalog entry`).toBeDefined();
      if (!example) return;
      const answer = await send(tool, exampleRequest(tool, example, { zz_not_a_field: 'whatever' }));
      expect(answer.status, answer.body.message).toBe(200);
    });

    it.each(enumeratedFields(tool))(
      'refuses an invalid %s with 400 naming the field',
      async (name, values) => {
        const fields = { ...baseFields(tool), [name]: 'not-one-of-them' };
        const request =
          input.kind === 'json-or-file'
            ? jsonRequest(fields)
            : multipartRequest(
                tool,
                fields,
                // As many files as the tool needs (combine takes at least two), so only the field fails.
                Array.from({ length: input.kind === 'files' ? input.min : 1 }, () => sampleFile(tool)),
              );
        const answer = await send(tool, request);
        expectDocumentedError(tool, answer, 400, 'VALIDATION_ERROR');
        const detail = answer.body.details?.find((d) => d.field === name);
        expect(detail?.message).toBe(`${name} must be one of: ${values.join(', ')}.`);
      },
    );

    if (input.kind !== 'json-or-file') {
      it('refuses a request without a body, and a form without the file, with 400', async () => {
        expectDocumentedError(tool, await send(tool, { body: undefined, headers: {} }), 400, 'MISSING_FILE');
        const noFile = multipartRequest(tool, baseFields(tool), []);
        expectDocumentedError(tool, await send(tool, noFile), 400, 'MISSING_FILE');
      });

      it('refuses an empty file with 400', async () => {
        const empty = { ...sampleFile(tool), data: Buffer.alloc(0) };
        const answer = await send(tool, multipartRequest(tool, baseFields(tool), [empty]));
        expectDocumentedError(tool, answer, 400, 'MISSING_FILE');
      });

      it('refuses an upload over its limit with 413', async () => {
        const big = { ...sampleFile(tool), data: oversized(reference.uploadLimitBytes) };
        const answer = await send(tool, multipartRequest(tool, baseFields(tool), [big]));
        expectDocumentedError(tool, answer, 413, 'PAYLOAD_TOO_LARGE');
      });

      const wrong = wrongTypeFile(tool);
      if (wrong) {
        it(`refuses a file of a type it does not read (${wrong.type}) with 415`, async () => {
          const files = Array.from({ length: input.kind === 'files' ? input.min : 1 }, () => wrong);
          const answer = await send(tool, multipartRequest(tool, baseFields(tool), files));
          expectDocumentedError(tool, answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
        });
      }
    } else {
      it('refuses a request without a body, and a body that is not JSON, with 400', async () => {
        expectDocumentedError(
          tool,
          await send(tool, { body: undefined, headers: {} }),
          400,
          'MALFORMED_REQUEST',
        );
        const broken = { body: '{"oops": ', headers: { 'content-type': 'application/json' } };
        expectDocumentedError(tool, await send(tool, broken), 400, 'MALFORMED_REQUEST');
      });

      it('refuses a body of another media type with 415', async () => {
        const answer = await send(tool, { body: 'plain words', headers: { 'content-type': 'text/plain' } });
        expectDocumentedError(tool, answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
      });

      it('refuses an empty uploaded file with 400', async () => {
        const empty = { ...sampleFile(tool), data: Buffer.alloc(0) };
        const answer = await send(tool, multipartRequest(tool, baseFields(tool), [empty]));
        expectDocumentedError(tool, answer, 400, 'MISSING_FILE');
      });

      it('refuses a JSON body or an uploaded file over its limit with 413', async () => {
        const text = 'x'.repeat(limits.textBodyBytes + 1);
        const answer = await send(tool, jsonRequest({ ...baseFields(tool), [input.textKey]: text }));
        expectDocumentedError(tool, answer, 413, 'PAYLOAD_TOO_LARGE');
        const big = { ...sampleFile(tool), data: oversized(reference.uploadLimitBytes) };
        const upload = await send(tool, multipartRequest(tool, {}, [big]));
        expectDocumentedError(tool, upload, 413, 'PAYLOAD_TOO_LARGE');
      });
    }
  },
);
