import { type ReactNode, useId } from 'react';
import { CodeText } from '~/components/code-text';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { FieldError } from './panel';
import { useTypedEarly } from './use-early-input';
import type { FieldsForm } from './use-schema-form';

/*
 * Controls bound to a schema form: each takes its bounds, choices, default and help text from the
 * tool's request schema, shows the schema's sentence when the value fails, and wires label, help and
 * error for assistive technology. A panel only names the field and gives its label.
 */

interface FieldProps {
  form: FieldsForm;
  name: string;
  label: string;
  /** Under the control; defaults to the schema's description. Pass '' for none. */
  help?: string;
  disabled?: boolean;
}

/** A field's documentation, id, help text and error, and the attributes that wire them to its control. */
function useField({ form, name, label, help }: FieldProps) {
  const doc = form.specs[name];
  if (!doc) throw new Error(`The tool's request schema has no field ${name}.`);
  const id = useId();
  const text = help ?? doc.description;
  const error = form.errors[name];
  const describedBy = [text ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const control = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return { doc, id, label, text, error, control };
}

/** The label above a control, its help and its error under it. */
function Field({ field, children }: { field: ReturnType<typeof useField>; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{field.label}</Label>
      {children}
      {field.text && (
        <p id={`${field.id}-help`} className="text-muted-foreground text-xs leading-5">
          <CodeText text={field.text} />
        </p>
      )}
      <FieldError id={`${field.id}-error`} message={field.error ?? null} />
    </div>
  );
}

/** Typed text, checked on blur; a number's text is trimmed and its keyboard numeric. */
function InputField(props: FieldProps & { placeholder?: string; step?: string; numeric?: boolean }) {
  const { form, name, placeholder, numeric } = props;
  const field = useField(props);
  const { defaultValue, type } = field.doc;
  const set = (text: string) => form.set(name, numeric ? text.trim() : text);
  const value = useTypedEarly(field.id, String(form.values[name] ?? ''), set);
  return (
    <Field field={field}>
      <Input
        {...field.control}
        inputMode={numeric ? (type === 'integer' ? 'numeric' : 'decimal') : undefined}
        autoComplete="off"
        placeholder={
          placeholder ?? (defaultValue === undefined ? (numeric ? 'Auto' : undefined) : String(defaultValue))
        }
        value={value}
        disabled={props.disabled}
        data-step={props.step}
        onChange={(event) => set(event.currentTarget.value)}
        onBlur={() => form.check(name)}
      />
    </Field>
  );
}

/** A number within the schema's bounds. */
export function NumberField(props: FieldProps & { step?: string }) {
  return <InputField {...props} numeric />;
}

/** Free text (a colour, a root element name, a page range). */
export function TextField(props: FieldProps & { placeholder?: string }) {
  return <InputField {...props} />;
}

/** Sentinel for "leave it out": Radix Select items cannot have an empty value. */
const DEFAULT_CHOICE = '__default';

/**
 * One of the schema's enum values. An optional field without a default gets a first choice that
 * leaves it out (`defaultLabel`, e.g. 'Same as input').
 */
export function SelectField(
  props: FieldProps & { optionLabels?: Readonly<Record<string, string>>; defaultLabel?: string },
) {
  const { form, name, optionLabels = {}, defaultLabel = 'Default' } = props;
  const field = useField(props);
  const { doc } = field;
  const omittable = !doc.required && doc.defaultValue === undefined;
  const choices = [
    ...(omittable ? [{ value: DEFAULT_CHOICE, label: defaultLabel }] : []),
    ...(doc.values ?? []).map((value) => ({ value, label: optionLabels[value] ?? value })),
  ];
  const current = String(form.values[name] ?? '') || DEFAULT_CHOICE;
  return (
    <Field field={field}>
      <Select
        value={current}
        disabled={props.disabled}
        onValueChange={(value) => form.set(name, value === DEFAULT_CHOICE ? '' : value)}
      >
        <SelectTrigger {...field.control}>
          {/* Given explicitly, so the pre-rendered HTML already names the choice. */}
          <SelectValue>{choices.find((choice) => choice.value === current)?.label}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

/** A true/false field. */
export function CheckboxField(props: FieldProps) {
  const { form, name, label, disabled } = props;
  const { id, text } = useField(props);
  const helpId = `${id}-help`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2.5">
        <Checkbox
          id={id}
          checked={form.values[name] === true}
          disabled={disabled}
          onCheckedChange={(checked) => form.set(name, checked === true)}
          aria-describedby={text ? helpId : undefined}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {text && (
        <p id={helpId} className="pl-6.5 text-muted-foreground text-xs leading-5">
          {text}
        </p>
      )}
    </div>
  );
}
