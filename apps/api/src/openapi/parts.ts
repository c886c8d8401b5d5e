import type { JsonSchema } from '@toolkit/catalog';

/** Pieces the OpenAPI document repeats. */

/** A response whose body is JSON of `schema`. */
export const jsonResponse = (description: string, schema: JsonSchema) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A response with the contract's JSON error. */
export const errorResponse = (description: string) =>
  jsonResponse(description, { $ref: '#/components/schemas/Error' });

/** The contract's success envelope around `data`. */
export const envelope = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: { success: { const: true }, message: { type: 'string' }, data },
});
