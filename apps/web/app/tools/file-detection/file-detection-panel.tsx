import { getTool } from '@toolkit/catalog';
import { TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { Fact, Facts, ResultSection } from '../_shared/results/result-card';
import { formTexts, uploadLimit } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';

const tool = getTool('file-detection');

const texts = formTexts('Detect file type', 'Detecting…', 'reading the file');

const detectedByLabel = {
  signature: 'its signature (magic bytes)',
  content: 'its content',
  extension: 'its name (the content cannot tell)',
} as const;

/** The File Type Detection try-it panel: one file in, a card saying what it really is. */
export default function FileDetectionPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'File type detected.' });
  const upload = useFileUpload(tool.api.input, mutation.reset);

  const submit = () => {
    const input = upload.take();
    if (input) mutation.mutate(input);
  };

  const data = mutation.data?.data;
  const declared = [data?.declaredExtension && `.${data.declaredExtension}`, data?.declaredMime]
    .filter(Boolean)
    .join(', ');

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="How it decides">
          <p>
            The type comes from the bytes: signatures first, then the text itself (JSON, CSV, XML, HTML,
            Markdown, YAML, code) with its encoding. The name is only compared with the result.
          </p>
        </HelpCard>
      }
    >
      <FormCard label="Detect a file’s real type" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea
          upload={upload}
          hint={`Upload any file (up to ${uploadLimit(tool)}): its type is read from its content.`}
        />
      </FormCard>
      {data && (
        <ResultSection title="Detected type">
          {data.mismatch && (
            <Alert variant="destructive" data-testid="mismatch-warning">
              <TriangleAlertIcon aria-hidden="true" />
              <AlertTitle>The name does not match the content</AlertTitle>
              <AlertDescription>
                It was sent as {declared || 'something else'}, but it is a {data.description}
                {data.extension ? ` (.${data.extension})` : ''}.
              </AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-lg" data-testid="detected-description">
              {data.description}
            </span>
            <Badge variant="secondary" data-testid="detected-category">
              {data.category}
            </Badge>
          </div>
          <Facts>
            <Fact label="Media type" mono testId="detected-mime">
              {data.mime}
            </Fact>
            <Fact label="Extension" mono testId="detected-extension">
              {data.extension ? `.${data.extension}` : '—'}
            </Fact>
            <Fact label="Encoding" testId="detected-encoding">
              {data.isText ? (data.encoding ?? 'text') : 'binary'}
            </Fact>
            <Fact label="Detected by">{detectedByLabel[data.detectedBy]}</Fact>
            <Fact label="Declared">{declared || '—'}</Fact>
          </Facts>
        </ResultSection>
      )}
    </ToolPanel>
  );
}
