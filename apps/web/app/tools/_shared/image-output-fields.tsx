import { NumberField, SelectField } from './schema-fields';
import type { FieldsForm } from './use-schema-form';

/** Names of the output formats as a person reads them. */
export const formatLabels: Readonly<Record<string, string>> = {
  same: 'Same as input',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  gif: 'GIF',
  tiff: 'TIFF',
};

/** The output format and quality controls the image panels share (the catalog's imageOutputFields). */
export function ImageOutputFields({
  form,
  formatLabel = 'Output format',
}: {
  form: FieldsForm;
  formatLabel?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        form={form}
        name="format"
        label={formatLabel}
        optionLabels={formatLabels}
        defaultLabel="Same as input"
      />
      <NumberField form={form} name="quality" label="Quality" />
    </div>
  );
}

/** Said under a result that holds only the first frame of an animated upload. */
export function FirstFrameNote({ headers }: { headers: Headers }) {
  if (headers.get('x-animation') !== 'first-frame') return null;
  return (
    <p className="text-muted-foreground text-sm" data-testid="first-frame-note">
      The upload was animated; this format holds one picture, so the result is its first frame.
    </p>
  );
}
