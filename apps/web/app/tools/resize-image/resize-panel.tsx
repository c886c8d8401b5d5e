import { getTool } from '@toolkit/catalog';
import { useId, useState } from 'react';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { cn } from '~/lib/utils';
import { FieldError, FormCard, ToolPanel } from '../_shared/panel';
import { ImageResult } from '../_shared/results/image-result';
import { uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useCheckedEarly, useTypedEarly } from '../_shared/use-early-input';
import { useFileUpload } from '../_shared/use-file-upload';
import { useUrlFields } from '../_shared/use-url-fields';
import {
  digitsOnly,
  fieldAvailability,
  initialResizeValues,
  labels,
  messages,
  type ResizeValues,
  resizeUrlValues,
  restoreResizeValues,
  toResizeFields,
  validateQuality,
} from './resize-form';
import { ResizeHelp } from './resize-help';

const tool = getTool('resize-image');
const sides = [
  { side: 'width', other: 'height' },
  { side: 'height', other: 'width' },
] as const;
export const RESIZE_HINT = uploadHint('resize');

/** The Resize Image try-it panel (specification §2, /docs/api). */
export default function ResizePanel() {
  const mutation = useToolMutation(tool, { successMessage: messages.success });
  // A new or removed image clears the previous result (mutation.reset is stable).
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const [values, setValues] = useState<ResizeValues>(initialResizeValues);
  const [qualityError, setQualityError] = useState<string | null>(null);
  const ids = { width: useId(), height: useId(), quality: useId(), aspect: useId(), help: useId() };
  const available = fieldAvailability(values);
  useUrlFields(resizeUrlValues(values), (found) =>
    setValues((current) => restoreResizeValues(current, found)),
  );

  const setSide = (side: 'width' | 'height') => (value: string) =>
    setValues((current) => ({ ...current, [side]: digitsOnly(value) }));

  const onQuality = (value: string) => {
    const quality = digitsOnly(value).slice(0, 3);
    setValues((current) => ({ ...current, quality }));
    // Once the error is showing, it goes away as soon as the value is right.
    if (qualityError) setQualityError(validateQuality(quality));
  };

  const quality = useTypedEarly(ids.quality, values.quality, onQuality);
  const setMaintainAspect = (checked: boolean) =>
    setValues((current) => ({ ...current, maintainAspect: checked }));
  useCheckedEarly(ids.aspect, values.maintainAspect, setMaintainAspect);

  const submit = () => {
    const error = validateQuality(values.quality);
    setQualityError(error);
    if (error) return;
    const input = upload.take();
    if (input) mutation.mutate({ ...input, fields: toResizeFields(values) });
  };

  return (
    <ToolPanel endpoint={tool.api} aside={<ResizeHelp />}>
      <FormCard
        label="Resize an image"
        onSubmit={submit}
        texts={{ ...labels, failure: messages.failure }}
        mutation={mutation}
      >
        <UploadArea upload={upload} hint={RESIZE_HINT} />
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {sides.map(({ side, other }) => (
            <SideField
              key={side}
              id={ids[side]}
              label={labels[side]}
              value={values[side]}
              disabled={available[`${side}Disabled`]}
              onChange={setSide(side)}
              note={`Follows the ${other}, to keep the aspect ratio.`}
            />
          ))}
          <div className="col-span-2 flex flex-col gap-2 sm:col-span-1">
            <Label htmlFor={ids.quality}>{labels.quality}</Label>
            <Input
              id={ids.quality}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={quality}
              onChange={(event) => onQuality(event.currentTarget.value)}
              onBlur={() => setQualityError(validateQuality(values.quality))}
              aria-invalid={qualityError ? true : undefined}
              aria-describedby={qualityError ? `${ids.quality}-error` : undefined}
            />
            <FieldError id={`${ids.quality}-error`} message={qualityError} />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center gap-2.5">
            <Checkbox
              id={ids.aspect}
              checked={values.maintainAspect}
              disabled={available.maintainAspectDisabled}
              onCheckedChange={(checked) => setMaintainAspect(checked === true)}
              aria-describedby={ids.help}
            />
            <Label htmlFor={ids.aspect}>{labels.maintainAspect}</Label>
          </div>
          <p id={ids.help} className="pl-6.5 text-muted-foreground text-xs leading-5">
            {available.maintainAspectDisabled
              ? 'Clear one side to change this.'
              : values.maintainAspect
                ? 'Give one side; the other follows the original proportions.'
                : 'The output is exactly the width and height you give.'}
          </p>
        </div>
      </FormCard>
      {mutation.data && <ImageResult result={mutation.data} original={upload.file} operation="resized" />}
    </ToolPanel>
  );
}

function SideField({
  id,
  label,
  value,
  disabled,
  onChange,
  note,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  /** Said under the field while it is disabled. */
  note: string;
}) {
  const shown = useTypedEarly(id, value, onChange);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Auto"
        value={shown}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={disabled ? `${id}-note` : undefined}
      />
      {/* Its room is kept while hidden: a side typed before hydration disables the other as the panel
          hydrates, and a note appearing then would move the submit button from under a press. */}
      <p
        id={`${id}-note`}
        aria-hidden={disabled ? undefined : true}
        className={cn('text-muted-foreground text-xs leading-5', !disabled && 'invisible')}
      >
        {note}
      </p>
    </div>
  );
}
