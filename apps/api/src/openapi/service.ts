import type { JsonSchema } from '@toolkit/catalog';
import { envelope, errorResponse, jsonResponse } from './parts.js';

/*
 * The OpenAPI entries of the service routes beside the operations: readiness and the asynchronous
 * jobs (API.md "Operating it" and "Asynchronous jobs"), and the two ways of sending an API key.
 */

const jobId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The job id from the 202 answer (random, 128 bits).',
  schema: { type: 'string' },
};

const jobStatus: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'operation',
    'status',
    'progress',
    'createdAt',
    'startedAt',
    'finishedAt',
    'error',
    'resultUrl',
  ],
  properties: {
    id: { type: 'string' },
    operation: { type: 'string', description: 'The operation path, e.g. `images/resize`.' },
    status: { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
    progress: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: { type: ['string', 'null'], format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
    error: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['code', 'message'],
          properties: { code: { type: 'string' }, message: { type: 'string' } },
        },
      ],
    },
    resultUrl: { type: 'string' },
  },
};

const engine: JsonSchema = {
  type: 'object',
  required: ['ok', 'required', 'version'],
  properties: {
    ok: { type: 'boolean' },
    required: {
      type: 'boolean',
      description: 'An optional engine (LibreOffice) does not make the server unready.',
    },
    version: { type: ['string', 'null'] },
    error: { type: 'string' },
  },
};

const lane: JsonSchema = {
  type: 'object',
  required: ['running', 'waiting', 'capacity'],
  properties: { running: { type: 'integer' }, waiting: { type: 'integer' }, capacity: { type: 'integer' } },
};

export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', description: 'Only when the server sets API_KEYS.' },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same key, in its own header.',
  },
};

/** Operations accept no key (keys off) or either header (keys on). */
export const optionalKeys = [{}, { bearer: [] }, { apiKey: [] }];

export const servicePaths = {
  '/ready': {
    get: {
      operationId: 'ready',
      summary: "Readiness: every engine checked for real, and the lanes' load",
      tags: ['Service'],
      responses: {
        '200': jsonResponse('Every required engine works.', {
          type: 'object',
          required: ['status', 'version', 'engines', 'lanes'],
          properties: {
            status: { enum: ['ready', 'unavailable'] },
            version: { type: 'string' },
            engines: { type: 'object', additionalProperties: engine },
            lanes: { type: 'object', additionalProperties: lane },
          },
        }),
        '503': { description: 'A required engine fails (same body, with `Retry-After`).' },
      },
    },
  },
  '/jobs/{id}': {
    get: {
      operationId: 'getJob',
      summary: "A job's status and progress (any operation sent with `Prefer: respond-async`)",
      tags: ['Service'],
      security: optionalKeys,
      parameters: [jobId],
      responses: {
        '200': jsonResponse('The job.', envelope(jobStatus)),
        '404': errorResponse('No such job, or it has expired (`NOT_FOUND`).'),
      },
    },
    delete: {
      operationId: 'cancelJob',
      summary: 'Cancels a queued or running job (its work stops), or forgets a finished one',
      tags: ['Service'],
      security: optionalKeys,
      parameters: [jobId],
      responses: {
        '204': { description: 'Cancelled.' },
        '404': errorResponse('No such job (`NOT_FOUND`).'),
      },
    },
  },
  '/jobs/{id}/result': {
    get: {
      operationId: 'getJobResult',
      summary: 'Exactly the answer the synchronous call would have given',
      tags: ['Service'],
      security: optionalKeys,
      parameters: [jobId],
      responses: {
        '200': { description: "The operation's own answer: status, headers and body as it gave them." },
        '404': errorResponse('No such job, expired, or cancelled (`NOT_FOUND`).'),
        '409': errorResponse('Still queued or running (`JOB_NOT_FINISHED`, with `Retry-After`).'),
      },
    },
  },
};
