import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { formTexts, uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { Base64Result } from './base64-result';

const tool = getTool('image-base64');

const texts = formTexts('Convert to Base64', 'Converting…', 'processing the image');

/** The Image to Base64 try-it panel (specification §2). */
export default function Base64Panel() {
  const mutation = useToolMutation(tool, { successMessage: 'Image successfully converted.' });
  // A new or removed image clears the previous result (mutation.reset is stable).
  const upload = useFileUpload(tool.api.input, mutation.reset);

  const submit = () => {
    const input = upload.take();
    if (input) mutation.mutate(input);
  };

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="When to inline">
          <p>
            Keep images under <strong className="font-semibold text-foreground">1 MB</strong>: Base64 encoding
            makes the data about <strong className="font-semibold text-foreground">33%</strong> larger, and an
            inlined image cannot be cached on its own.
          </p>
          <p>Best for icons, small logos and placeholders in CSS, HTML e-mails or JSON.</p>
        </HelpCard>
      }
    >
      <FormCard label="Convert an image to Base64" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={uploadHint('convert to Base64')} />
      </FormCard>
      {mutation.data && <Base64Result data={mutation.data.data} />}
    </ToolPanel>
  );
}
