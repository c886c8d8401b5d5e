import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { formatLabels } from '../_shared/image-output-fields';
import { FormCard, ToolPanel } from '../_shared/panel';
import { CompareResult } from '../_shared/results/compare-result';
import { CheckboxField, NumberField, SelectField } from '../_shared/schema-fields';
import { formTexts, uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('compress-image');
const texts = formTexts('Compress Image', 'Compressing…', 'compressing the image');

/** The Compress Image try-it panel: before and after side by side, with the size saved. */
export default function CompressPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Image successfully compressed.' });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request);
  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
  return (
    <ToolPanel endpoint={tool.api}>
      <FormCard label="Compress an image" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={uploadHint('compress')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField form={form} name="quality" label="Quality" />
          <SelectField form={form} name="format" label="Output format" optionLabels={formatLabels} />
        </div>
        <CheckboxField form={form} name="lossless" label="Lossless" />
      </FormCard>
      {mutation.data && upload.file && (
        <CompareResult
          result={mutation.data}
          original={upload.file}
          operation="compress"
          resultLabel="Compressed"
        />
      )}
    </ToolPanel>
  );
}
