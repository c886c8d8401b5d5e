import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FilesUploadArea } from '../_shared/files-upload-area';
import { ImageOutputFields } from '../_shared/image-output-fields';
import { FormCard, ToolPanel } from '../_shared/panel';
import { ImageResult } from '../_shared/results/image-result';
import { NumberField, SelectField, TextField } from '../_shared/schema-fields';
import { formTexts, uploadHint } from '../_shared/texts';
import { useFilesUpload } from '../_shared/use-files-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('combine-images');
const texts = formTexts('Combine Images', 'Combining…', 'combining the images');
const directionLabels = { horizontal: 'Side by side', vertical: 'Stacked', grid: 'Grid' };
const alignLabels = { start: 'Start', center: 'Center', end: 'End' };

/** The Combine Image try-it panel: several files, in an order the person sets. */
export default function CombinePanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Images successfully combined.' });
  const upload = useFilesUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request);
  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
  return (
    <ToolPanel endpoint={tool.api}>
      <FormCard label="Combine images" onSubmit={submit} texts={texts} mutation={mutation}>
        <FilesUploadArea upload={upload} hint={uploadHint('combine (2 to 10, in order)')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="direction" label="Layout" optionLabels={directionLabels} />
          <SelectField form={form} name="align" label="Align" optionLabels={alignLabels} />
          <NumberField form={form} name="gap" label="Gap (px)" />
          <TextField form={form} name="background" label="Background" placeholder="transparent" />
        </div>
        <ImageOutputFields form={form} />
      </FormCard>
      {mutation.data && (
        <ImageResult result={mutation.data} original={upload.items[0]?.file ?? null} operation="combine" />
      )}
    </ToolPanel>
  );
}
