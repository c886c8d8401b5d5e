import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

const unbounded = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** The default of a field, when its zod schema declares one. */
function defaultOf(field: z.ZodType): unknown {
  if (field instanceof z.ZodDefault) return field.def.defaultValue;
  return undefined;
}

/**
 * Tidies one property for documentation: form booleans ("true"/"1"/"on"…) are documented as
 * booleans, integer bounds that only say "a safe integer" are dropped, and defaults that the
 * converter leaves out of unions are put back.
 */
function tidyProperty(property: JsonSchema, field: z.ZodType | undefined): JsonSchema {
  const out: JsonSchema = { ...property };
  if (Array.isArray(out.type) && out.type.includes('boolean')) out.type = 'boolean';
  for (const key of ['minimum', 'maximum'] as const) {
    if (typeof out[key] === 'number' && unbounded.has(out[key])) delete out[key];
  }
  const fallback = field ? defaultOf(field) : undefined;
  if (fallback !== undefined && out.default === undefined) out.default = fallback;
  return out;
}

/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of a catalog object schema, tidied for people: its input
 * side for requests (what a client sends; fields with a default are optional), its output side for
 * responses. The OpenAPI document and the docs pages' parameter tables both read it, so they agree.
 *
 * @example documentedJsonSchema(resizeRequest, 'input').properties.quality // { type: 'integer', minimum: 1, maximum: 100, default: 85, … }
 */
export function documentedJsonSchema(schema: z.ZodObject, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const shape = schema.shape as Record<string, z.ZodType>;
  json.properties = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, tidyProperty(property, shape[name])]),
  );
  return json;
}
