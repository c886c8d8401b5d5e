import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { TextField } from '../_shared/schema-fields';
import { formTexts, uploadLimit } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';
import { PdfTextResult } from './pdf-text-result';

const tool = getTool('pdf-to-text');

/** PDFs from this size on are read as a job: hundreds of pages take a while. */
const LARGE_PDF_BYTES = 2 * 1024 * 1024;

const texts = formTexts('Extract Text', 'Extracting…', 'reading the PDF');

/** The PDF to Text try-it panel. */
export default function PdfTextPanel() {
  const mutation = useToolMutation(tool, {
    successMessage: 'Text successfully extracted.',
    runAsJob: (input) => 'file' in input && input.file.size >= LARGE_PDF_BYTES,
  });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request);

  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="What comes out">
          <p>
            The text layer of the PDF, in reading order, page by page. A scanned PDF has only pictures of
            text: it needs OCR, which this tool does not do, and says so.
          </p>
          <p>Password-protected PDFs must be unlocked first.</p>
        </HelpCard>
      }
    >
      <FormCard label="Extract the text of a PDF" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={`A PDF up to ${uploadLimit(tool)}.`} />
        <TextField
          form={form}
          name="pages"
          label="Pages"
          placeholder="All pages, or e.g. 1-3,7"
          help='Pages and ranges separated by commas; "5-" is page 5 to the end.'
        />
      </FormCard>
      {mutation.data && <PdfTextResult data={mutation.data.data} fileName={upload.file?.name} />}
    </ToolPanel>
  );
}
