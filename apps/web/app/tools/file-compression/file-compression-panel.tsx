import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FilesUploadArea } from '../_shared/files-upload-area';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { FileResultCard } from '../_shared/results/file-result';
import { NumberField, SelectField } from '../_shared/schema-fields';
import { formTexts } from '../_shared/texts';
import { useFilesUpload } from '../_shared/use-files-upload';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';

const tool = getTool('file-compression');

const texts = formTexts('Create archive', 'Compressing…', 'creating the archive');

const formatLabels = { zip: 'ZIP (.zip)', 'tar.gz': 'tar.gz (.tar.gz)', gzip: 'gzip, one file (.gz)' };

/** The File Compression try-it panel: many files, a format and a level, the archive to download. */
export default function FileCompressionPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Archive created.' });
  const upload = useFilesUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request);

  const submit = checkedSubmit(form, upload.take, (input, fields) => {
    // The browser knows each file's modification time; multipart does not carry it.
    const times = input.files.map((file) => new Date(file.lastModified).toISOString()).join(',');
    mutation.mutate({ ...input, fields: { ...fields, last_modified: times } });
  });

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="Which format">
          <p>
            ZIP opens everywhere. tar.gz keeps Unix tools happy. gzip compresses a single file. Level 0 stores
            the files as they are; 9 is the smallest and slowest.
          </p>
        </HelpCard>
      }
    >
      <FormCard label="Pack files into an archive" onSubmit={submit} texts={texts} mutation={mutation}>
        <FilesUploadArea upload={upload} hint="Upload 1 to 50 files of any type, 50 MB in all." />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="format" label="Format" optionLabels={formatLabels} />
          <NumberField form={form} name="level" label="Compression level (0–9)" />
        </div>
      </FormCard>
      {mutation.data && (
        <FileResultCard
          result={mutation.data}
          inputs={upload.items.map((item) => item.file)}
          operation="compress"
        />
      )}
    </ToolPanel>
  );
}
