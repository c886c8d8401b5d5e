import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FirstFrameNote, formatLabels } from '../_shared/image-output-fields';
import { FormCard, ToolPanel } from '../_shared/panel';
import { ImageResult } from '../_shared/results/image-result';
import { NumberField, SelectField, TextField } from '../_shared/schema-fields';
import { formTexts, uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('convert-image');
const texts = formTexts('Convert Image', 'Converting…', 'converting the image');

/** The Convert Image try-it panel. */
export default function ConvertPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Image successfully converted.' });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  // The format is required: WebP is preselected, a choice most people converting want.
  const form = useSchemaForm(tool.api.request, { format: 'webp' });
  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
  return (
    <ToolPanel endpoint={tool.api}>
      <FormCard label="Convert an image" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={uploadHint('convert')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="format" label="Convert to" optionLabels={formatLabels} />
          <NumberField form={form} name="quality" label="Quality" />
        </div>
        <TextField form={form} name="background" label="Background (for JPEG)" placeholder="#ffffff" />
      </FormCard>
      {mutation.data && (
        <>
          <FirstFrameNote headers={mutation.data.headers} />
          <ImageResult result={mutation.data} original={upload.file} operation="convert" />
        </>
      )}
    </ToolPanel>
  );
}
