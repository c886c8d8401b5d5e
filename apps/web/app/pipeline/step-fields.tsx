import type { FieldDoc, LiveTool } from '@toolkit/catalog';
import { humanize } from '~/tools/_shared/results/analysis-result';
import { CheckboxField, NumberField, SelectField, TextField } from '~/tools/_shared/schema-fields';
import { type FieldsForm, type FieldValue, schemaErrors } from '~/tools/_shared/use-schema-form';
import { stepFields } from './chain';
import type { StepState } from './pipeline-url';

/*
 * A step's fields, drawn with the try-it panels' own controls (schema-fields.tsx) and checked by the
 * operation's request schema (use-schema-form.ts). Their values live in the page's address (the
 * step's `values`), so this is a form over that state rather than useSchemaForm's own.
 */

/** The value a control shows: what the person set, else the schema's default. */
function shown(field: FieldDoc, set: string | undefined): FieldValue {
  if (field.type === 'boolean') return set === undefined ? field.defaultValue === true : set === 'true';
  if (set !== undefined) return set;
  return field.defaultValue === undefined ? '' : String(field.defaultValue);
}

export function stepValues(tool: LiveTool, step: StepState): Record<string, FieldValue> {
  return Object.fromEntries(
    stepFields(tool).map((field) => [field.name, shown(field, step.values[field.name])]),
  );
}

/** The schema's sentence for each of the step's own fields that fails (the text member is not its). */
export function stepErrors(tool: LiveTool, step: StepState): Record<string, string> {
  const names = new Set(stepFields(tool).map((field) => field.name));
  const found = schemaErrors(tool.api.request, stepValues(tool, step));
  return Object.fromEntries(Object.entries(found).filter(([name]) => names.has(name)));
}

export interface StepFieldsProps {
  tool: LiveTool;
  step: StepState;
  errors: Readonly<Record<string, string>>;
  onSet: (name: string, value: string) => void;
  onErrors: (errors: Record<string, string>) => void;
}

export function StepFields({ tool, step, errors, onSet, onErrors }: StepFieldsProps) {
  const docs = stepFields(tool);
  if (docs.length === 0) return <p className="text-muted-foreground text-sm">This step has no fields.</p>;
  const values = stepValues(tool, step);
  const form: FieldsForm = {
    specs: Object.fromEntries(docs.map((doc) => [doc.name, doc])),
    values,
    errors,
    set: (name, value) => {
      const text = typeof value === 'boolean' ? String(value) : value;
      onSet(name, text);
      // Once an error shows, it goes as soon as the value is right.
      if (errors[name]) {
        const next = stepErrors(tool, { ...step, values: { ...step.values, [name]: text } });
        const { [name]: _old, ...rest } = errors;
        onErrors(next[name] ? { ...rest, [name]: next[name] } : rest);
      }
    },
    check: (name) => {
      const message = stepErrors(tool, step)[name];
      const { [name]: _old, ...rest } = errors;
      onErrors(message ? { ...rest, [name]: message } : rest);
    },
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {docs.map((doc) => {
        const props = { form, name: doc.name, label: humanize(doc.name) };
        if (doc.values) return <SelectField key={doc.name} {...props} />;
        if (doc.type === 'boolean') return <CheckboxField key={doc.name} {...props} />;
        if (doc.type === 'integer' || doc.type === 'number') return <NumberField key={doc.name} {...props} />;
        return <TextField key={doc.name} {...props} />;
      })}
    </div>
  );
}
