import { useId } from 'react';
import { CodeText } from '~/components/code-text';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import type { FieldDoc } from '~/lib/schema-fields';
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

function spec(form: FieldProps['form'], name: string): FieldDoc {
  const found = form.specs[name];
  if (!found) throw new Error(`The tool's request schema has no field ${name}.`);
  return found;
}

function described(ids: { help: string; error: string }, help: string, error: string | undefined) {
  return [help ? ids.help : '', error ? ids.error : ''].filter(Boolean).join(' ') || undefined;
}

function Help({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <p id={id} className="text-muted-foreground text-xs leading-5">
      <CodeText text={text} />
    </p>
  );
}

/** A number within the schema's bounds; typed as text and checked on blur. */
export function NumberField({ form, name, label, help, disabled, step }: FieldProps & { step?: string }) {
  const doc = spec(form, name);
  const id = useId();
  const ids = { help: `${id}-help`, error: `${id}-error` };
  const text = help ?? doc.description;
  const error = form.errors[name];
  const whole = doc.type === 'integer';
  const set = (text: string) => form.set(name, text.trim());
  const value = useTypedEarly(id, String(form.values[name] ?? ''), set);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode={whole ? 'numeric' : 'decimal'}
        autoComplete="off"
        placeholder={doc.defaultValue === undefined ? 'Auto' : String(doc.defaultValue)}
        value={value}
        disabled={disabled}
        data-step={step}
        onChange={(event) => set(event.currentTarget.value)}
        onBlur={() => form.check(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(ids, text, error)}
      />
      <Help id={ids.help} text={text} />
      <FieldError id={ids.error} message={error ?? null} />
    </div>
  );
}

/** Free text (a colour, a root element name, a page range). */
export function TextField({
  form,
  name,
  label,
  help,
  disabled,
  placeholder,
}: FieldProps & { placeholder?: string }) {
  const doc = spec(form, name);
  const id = useId();
  const ids = { help: `${id}-help`, error: `${id}-error` };
  const text = help ?? doc.description;
  const error = form.errors[name];
  const set = (text: string) => form.set(name, text);
  const value = useTypedEarly(id, String(form.values[name] ?? ''), set);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        autoComplete="off"
        placeholder={placeholder ?? (doc.defaultValue === undefined ? undefined : String(doc.defaultValue))}
        value={value}
        disabled={disabled}
        onChange={(event) => set(event.currentTarget.value)}
        onBlur={() => form.check(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(ids, text, error)}
      />
      <Help id={ids.help} text={text} />
      <FieldError id={ids.error} message={error ?? null} />
    </div>
  );
}

/** Sentinel for "leave it out": Radix Select items cannot have an empty value. */
const DEFAULT_CHOICE = '__default';

/**
 * One of the schema's enum values. An optional field without a default gets a first choice that
 * leaves it out (`defaultLabel`, e.g. 'Same as input').
 */
export function SelectField({
  form,
  name,
  label,
  help,
  disabled,
  optionLabels = {},
  defaultLabel = 'Default',
}: FieldProps & { optionLabels?: Readonly<Record<string, string>>; defaultLabel?: string }) {
  const doc = spec(form, name);
  const id = useId();
  const ids = { help: `${id}-help`, error: `${id}-error` };
  const text = help ?? doc.description;
  const error = form.errors[name];
  const omittable = !doc.required && doc.defaultValue === undefined;
  const choices = [
    ...(omittable ? [{ value: DEFAULT_CHOICE, label: defaultLabel }] : []),
    ...(doc.values ?? []).map((value) => ({ value, label: optionLabels[value] ?? value })),
  ];
  const current = String(form.values[name] ?? '') || DEFAULT_CHOICE;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={current}
        disabled={disabled}
        onValueChange={(value) => form.set(name, value === DEFAULT_CHOICE ? '' : value)}
      >
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={described(ids, text, error)}
        >
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
      <Help id={ids.help} text={text} />
      <FieldError id={ids.error} message={error ?? null} />
    </div>
  );
}

/** A true/false field. */
export function CheckboxField({ form, name, label, help, disabled }: FieldProps) {
  const doc = spec(form, name);
  const id = useId();
  const helpId = `${id}-help`;
  const text = help ?? doc.description;
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
