import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { alsoReadFormats } from '../_shared/image-formats';
import { ImageOutputFields } from '../_shared/image-output-fields';
import { FormCard, ToolPanel } from '../_shared/panel';
import { ImageResult } from '../_shared/results/image-result';
import { SelectField } from '../_shared/schema-fields';
import { formTexts, uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('flip-image');
const texts = formTexts('Flip Image', 'Flipping…', 'flipping the image');
const directionLabels = {
  horizontal: 'Horizontal (mirror)',
  vertical: 'Vertical (upside down)',
  both: 'Both',
};

/** The Flip Image try-it panel. */
export default function FlipPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Image successfully flipped.' });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request);
  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
  return (
    <ToolPanel endpoint={tool.api}>
      <FormCard label="Flip an image" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea
          upload={upload}
          hint={`${uploadHint('flip')} Also reads ${alsoReadFormats}; animations stay animated.`}
        />
        <SelectField form={form} name="direction" label="Direction" optionLabels={directionLabels} />
        <ImageOutputFields form={form} />
      </FormCard>
      {mutation.data && <ImageResult result={mutation.data} original={upload.file} operation="flip" />}
    </ToolPanel>
  );
}
