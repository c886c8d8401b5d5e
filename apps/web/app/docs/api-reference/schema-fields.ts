import { z } from 'zod';

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

/** z.int() says "a safe integer" with ±(2^53 − 1) bounds: that is no bound worth documenting. */
function bound(value: number | undefined): number | undefined {
  return value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;
}

/**
 * Form fields accept a boolean as true/false or as a word ("true", "1", "on"…), which JSON Schema
 * writes as ["boolean", "string"]: for people that is a boolean.
 */
function typeName(type: JsonProperty['type']): string {
  if (Array.isArray(type)) return type.includes('boolean') ? 'boolean' : type.join(' | ');
  return type ?? 'string';
}

/**
 * The fields of an object schema, in declaration order, through z.toJSONSchema so the docs say exactly
 * what the OpenAPI document and the server's validation say. `io: 'input'` documents what a client
 * sends (fields with a default are optional); `'output'` what a response holds.
 */
export function schemaFields(schema: z.ZodObject, io: 'input' | 'output' = 'input'): FieldDoc[] {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as {
    properties?: Record<string, JsonProperty>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const property = json.properties?.[name] ?? {};
    // The converter drops the default of a union (the form booleans); the schema itself still has it.
    const fallback = field instanceof z.ZodDefault ? field.def.defaultValue : undefined;
    const defaultValue = property.default ?? fallback;
    return {
      name,
      type: typeName(property.type),
      required: required.has(name),
      defaultValue: isScalar(defaultValue) ? defaultValue : undefined,
      values: property.enum?.filter((value): value is string => typeof value === 'string'),
      minimum: bound(property.minimum),
      maximum: bound(property.maximum),
      description: property.description ?? field.description ?? '',
    };
  });
}

/** One field of a schema by name; throws when the catalog no longer has it (a test then fails). */
export function schemaField(schema: z.ZodObject, name: string): FieldDoc {
  const found = schemaFields(schema).find((field) => field.name === name);
  if (!found) throw new Error(`The schema has no field ${name}.`);
  return found;
}
