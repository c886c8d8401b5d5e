import { liveTools } from '@toolkit/catalog';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { type FieldDoc, schemaFields } from '~/lib/schema-fields';
import { useUrlFields } from './use-url-fields';

/*
 * The state of a panel's fields, read from the tool's request schema in the catalog: the initial
 * values are the schema's defaults, and validation is the schema itself (the same sentences the
 * server answers with), so a panel never restates a bound or a rule.
 */

export type FieldValue = string | boolean;
type Values<S extends z.ZodObject> = Record<keyof z.input<S> & string, FieldValue>;

function initialValues(fields: readonly FieldDoc[], overrides: Readonly<Record<string, FieldValue>>) {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    const fallback = field.type === 'boolean' ? false : '';
    const value = overrides[field.name] ?? field.defaultValue ?? fallback;
    values[field.name] = typeof value === 'number' ? String(value) : value;
  }
  return values;
}

/**
 * The field a text tool's typed text goes in (its catalog `textKey`): that is use-text-or-file's to
 * keep in the address, not the form's.
 */
function textKeyOf(schema: z.ZodObject): string | undefined {
  const input = liveTools.find((tool) => tool.api.request === schema)?.api.input;
  return input?.kind === 'json-or-file' ? input.textKey : undefined;
}

/** The fields as text for the address: a checkbox as true/false. */
function urlValues(values: Readonly<Record<string, FieldValue>>, skip: string | undefined) {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (name !== skip) texts[name] = String(value);
  return texts;
}

/** A field's value read from the address, or undefined when it is not one the field takes. */
export function fieldFromUrl(doc: FieldDoc, text: string): FieldValue | undefined {
  if (doc.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (doc.values && !doc.values.includes(text)) return undefined;
  return text;
}

/** The values as sent: empty text left out, so the server applies its default. */
function filled(values: Readonly<Record<string, FieldValue>>): Record<string, FieldValue> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** The schema's first sentence for each field that fails (a rule across fields lands on its path). */
export function schemaErrors(schema: z.ZodObject, values: Readonly<Record<string, FieldValue>>) {
  const result = schema.safeParse(filled(values));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return errors;
}

/** What the field controls need of a form, whatever its schema. */
export interface FieldsForm {
  specs: Readonly<Record<string, FieldDoc>>;
  values: Readonly<Record<string, FieldValue>>;
  errors: Readonly<Record<string, string>>;
  set(name: string, value: FieldValue): void;
  check(name: string): void;
}

export interface SchemaForm<S extends z.ZodObject = z.ZodObject> {
  /** Each field's documentation (type, bounds, enum values, default, description), by name. */
  specs: Readonly<Record<string, FieldDoc>>;
  values: Values<S>;
  /** The sentence under each field that failed the last check. */
  errors: Readonly<Record<string, string>>;
  set(name: keyof z.input<S> & string, value: FieldValue): void;
  /** Checks one field (on blur), so its error shows before the form is sent. */
  check(name: keyof z.input<S> & string): void;
  /** Checks every field; true when all pass. */
  validate: () => boolean;
  /** The request fields: filled values only. */
  fields: () => Partial<Record<keyof z.input<S>, FieldValue>>;
}

/**
 * @example
 * const form = useSchemaForm(tool.api.request, { format: 'png' });
 * const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
 */
export function useSchemaForm<S extends z.ZodObject>(
  schema: S,
  overrides?: Readonly<Partial<Record<keyof z.input<S>, FieldValue>>>,
): SchemaForm<S> {
  const docs = useMemo(() => schemaFields(schema), [schema]);
  const specs = useMemo(() => Object.fromEntries(docs.map((doc) => [doc.name, doc])), [docs]);
  const [values, setValues] = useState(() =>
    initialValues(docs, (overrides ?? {}) as Record<string, FieldValue>),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const textKey = useMemo(() => textKeyOf(schema), [schema]);
  const [defaults] = useState(values);

  useUrlFields(urlValues(values, textKey), (found) =>
    // A field changed before hydration (typed early) keeps what the visitor gave it.
    setValues((current) => {
      const next = { ...current };
      for (const [name, text] of Object.entries(found)) {
        const doc = specs[name];
        const value = doc && fieldFromUrl(doc, text);
        if (value !== undefined && current[name] === defaults[name]) next[name] = value;
      }
      return next;
    }),
  );

  const checkOne = (name: string, next: Record<string, FieldValue>) => {
    const message = schemaErrors(schema, next)[name];
    setErrors((current) => {
      const { [name]: _old, ...rest } = current;
      return message ? { ...rest, [name]: message } : rest;
    });
  };

  return {
    specs,
    values: values as Values<S>,
    errors,
    set: (name, value) => {
      // An update of the latest values: fields given text typed before hydration all set at mount.
      setValues((current) => ({ ...current, [name]: value }));
      // Once an error shows, it goes as soon as the value is right.
      if (errors[name]) checkOne(name, { ...values, [name]: value });
    },
    check: (name) => checkOne(name, values),
    validate: () => {
      const found = schemaErrors(schema, values);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    fields: () => filled(values) as Partial<Record<keyof z.input<S>, FieldValue>>,
  };
}

/**
 * A panel's submit handler: the fields' checks and the input's both run (so a person sees every
 * problem at once: a field's error and the 'Please upload…' toast), and `send` runs only when both
 * pass, with the input and the filled fields.
 */
export function checkedSubmit<F, I>(
  form: { validate: () => boolean; fields: () => F },
  take: () => I | null,
  send: (input: I, fields: F) => void,
): () => void {
  return () => {
    const valid = form.validate();
    const input = take();
    if (valid && input) send(input, form.fields());
  };
}
