import { useMutation } from '@tanstack/react-query';
import { getTool, type imageBase64Response } from '@toolkit/catalog';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useApiClient } from '~/lib/use-api-client';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { uploadHint } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { requireImage, useImageUpload } from '../_shared/use-image-upload';
import { Base64Result } from './base64-result';

const tool = getTool('image-base64');

export type Base64Data = z.infer<typeof imageBase64Response>;
interface Base64Response {
  success: true;
  message: string;
  data: Base64Data;
}

const texts = {
  submit: 'Convert to Base64',
  submitting: 'Converting…',
  success: 'Image successfully converted.',
  failure: 'An error occurred while processing the image.',
} as const;

/** The Image to Base64 try-it panel (specification §2). */
export default function Base64Panel() {
  const client = useApiClient();
  const mutation = useMutation<Base64Response, Error, File>({
    mutationFn: (image) => client.postForm<Base64Response>(tool.api.path, { [tool.api.input.field]: image }),
    onSuccess: () => {
      toast.success(texts.success);
    },
  });
  // A new or removed image clears the previous result (mutation.reset is stable).
  const upload = useImageUpload(mutation.reset);

  const submit = () => {
    const image = requireImage(upload);
    if (image) mutation.mutate(image);
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
