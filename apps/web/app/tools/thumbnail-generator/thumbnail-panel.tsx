import { getTool, type ThumbnailSize } from '@toolkit/catalog';
import { useId, useState } from 'react';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { maxImageUpload, supportedFormats } from '../_shared/image-formats';
import { FieldError, FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { ImageResult } from '../_shared/results/image-result';
import { formTexts, uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { useUrlFields } from '../_shared/use-url-fields';
import { DEFAULT_SIZE, SIZE_LABEL, sizeOptions, validateSize } from './thumbnail-sizes';

/** The specification has the thumbnail form call the resize operation with `size` (§7). */
const resize = getTool('resize-image');
const thumbnail = getTool('thumbnail-generator');

const texts = formTexts('Generate Thumbnail', 'Generating…', 'resizing the image');
// The specification gives no thumbnail success text; this one matches the other two.
const success = 'Thumbnail successfully generated.';

/** The Thumbnail Generation try-it panel (specification §2). */
export default function ThumbnailPanel() {
  const mutation = useToolMutation(resize, { successMessage: success });
  // A new or removed image clears the previous result (mutation.reset is stable).
  const upload = useFileUpload(resize.api.input, mutation.reset);
  const [size, setSize] = useState<string>(DEFAULT_SIZE);
  const [sizeError, setSizeError] = useState<string | null>(null);
  useUrlFields({ size }, (found) => {
    const restored = sizeOptions.find((option) => option.value === found.size)?.value;
    if (restored) setSize((current) => (current === DEFAULT_SIZE ? restored : current));
  });
  const selectId = useId();

  const submit = () => {
    const error = validateSize(size);
    setSizeError(error);
    if (error) return;
    const input = upload.take();
    if (input) mutation.mutate({ ...input, fields: { size: size as ThumbnailSize } });
  };

  return (
    <ToolPanel
      endpoint={resize.api}
      aside={
        <>
          <HelpCard title="Sizes">
            <ul className="flex flex-col gap-1">
              {sizeOptions.map((option) => (
                <li key={option.value} className="flex justify-between gap-4">
                  <span className="capitalize">{option.value}</span>
                  <span className="font-mono text-foreground text-xs leading-6">
                    {option.px} × {option.px} px
                  </span>
                </li>
              ))}
            </ul>
          </HelpCard>
          <HelpCard title="Usage">
            <p>
              The picture is scaled to cover the square and cropped around its centre. Images up to{' '}
              {maxImageUpload}; {supportedFormats}. The thumbnail keeps the input format.
            </p>
            <p>
              The dedicated endpoint{' '}
              <code className="font-mono text-foreground text-xs">{thumbnail.api.path}</code> also crops
              around the most interesting region: see the API reference below.
            </p>
          </HelpCard>
        </>
      }
    >
      <FormCard label="Generate a thumbnail" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={uploadHint('turn into a square thumbnail')} />
        <div className="flex max-w-xs flex-col gap-2">
          <Label htmlFor={selectId}>{SIZE_LABEL}</Label>
          <Select
            value={size}
            onValueChange={(value) => {
              setSize(value);
              setSizeError(validateSize(value));
            }}
          >
            <SelectTrigger
              id={selectId}
              aria-invalid={sizeError ? true : undefined}
              aria-describedby={sizeError ? `${selectId}-error` : undefined}
            >
              {/* Given explicitly, so the pre-rendered HTML already names the size. */}
              <SelectValue>{sizeOptions.find((option) => option.value === size)?.label}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {sizeOptions.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${selectId}-error`} message={sizeError} />
        </div>
      </FormCard>
      {mutation.data && <ImageResult result={mutation.data} original={upload.file} operation="thumbnail" />}
    </ToolPanel>
  );
}
