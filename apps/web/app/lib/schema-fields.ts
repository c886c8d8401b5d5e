/* Read by the try-it panels (field bounds and defaults) and the API reference alike. */
import { documentedJsonSchema } from '@toolkit/catalog';
import type { z } from 'zod';

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
  description: string;
}

type JsonProperty = {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
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
