import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { ImageOutputFields } from '../_shared/image-output-fields';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { ImageResult } from '../_shared/results/image-result';
import { NumberField, TextField } from '../_shared/schema-fields';
import { formTexts, uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('rotate-image');
const texts = formTexts('Rotate Image', 'Rotating…', 'rotating the image');

/** The Rotate Image try-it panel. */
export default function RotatePanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Image successfully rotated.' });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  // The API requires an angle; the panel starts at a quarter turn, the most common one.
  const form = useSchemaForm(tool.api.request, { angle: '90' });
  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="Which way">
          <p>
            A positive angle turns clockwise, a negative one counter-clockwise: 90 is a quarter turn to the
            right.
          </p>
          <p>Quarter turns keep every pixel; other angles enlarge the canvas and fill the corners.</p>
        </HelpCard>
      }
    >
      <FormCard label="Rotate an image" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={uploadHint('rotate')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField form={form} name="angle" label="Angle (degrees)" step="any" />
          <TextField form={form} name="background" label="Background" placeholder="#ffffff or #00000000" />
        </div>
        <ImageOutputFields form={form} />
      </FormCard>
      {mutation.data && <ImageResult result={mutation.data} original={upload.file} operation="rotate" />}
    </ToolPanel>
  );
}
