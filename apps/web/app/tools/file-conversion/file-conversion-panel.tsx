import { getTool } from '@toolkit/catalog';
import { useId, useState } from 'react';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { mediaType } from '~/lib/tool-response';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { ErrorAlert, FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { FileResultCard } from '../_shared/results/file-result';
import { ResultSection } from '../_shared/results/result-card';
import { TextResult } from '../_shared/results/text-result';
import { TextField } from '../_shared/schema-fields';
import { formTexts, uploadLimit } from '../_shared/texts';
import { UploadArea } from '../_shared/upload-area';
import { useFileUpload } from '../_shared/use-file-upload';
import { useObjectUrl } from '../_shared/use-object-url';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';
import { useUrlFields } from '../_shared/use-url-fields';
import { noConversionMessage, sourceFormatOf, targetsFor, useConversionFormats } from './conversion-formats';

const tool = getTool('file-conversion');
// The target is chosen from the server's list for the file, not from every format the schema knows.
const sheetOnly = tool.api.request.omit({ to: true });

const texts = formTexts('Convert', 'Converting…', 'converting the file');

const targetLabels: Record<string, string> = {
  html: 'HTML page',
  md: 'Markdown',
  txt: 'Plain text',
  pdf: 'PDF',
  csv: 'CSV',
  json: 'JSON',
  yaml: 'YAML',
  xlsx: 'Excel workbook (XLSX)',
};

/** The File Conversion try-it panel: a file, the targets this server allows for it, the result. */
export default function FileConversionPanel() {
  // Office → PDF goes through LibreOffice, one document at a time: a job, which a reload finds again.
  const mutation = useToolMutation(tool, {
    successMessage: 'File converted.',
    runAsJob: (input) => input.fields?.to === 'pdf',
  });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(sheetOnly);
  const formats = useConversionFormats();
  const targets = targetsFor(upload.file?.name, formats.data);
  const source = upload.file && formats.data ? sourceFormatOf(upload.file.name, formats.data) : undefined;
  const [to, setTo] = useState('');
  // The target a link names holds once a file that converts to it is chosen.
  useUrlFields({ to }, (found) => setTo((current) => current || (found.to ?? '')));
  // The file whose Convert press found nothing to convert it to: the panel then says so, loudly.
  const [refused, setRefused] = useState<File | null>(null);
  const toId = useId();
  const noTarget = Boolean(upload.file && formats.data && targets.length === 0);
  const noTargetText = noTarget && formats.data ? noConversionMessage(source, formats.data) : '';

  // A new file offers its own targets: the choice holds only while it is one of them.
  const chosen = targets.includes(to) ? to : (targets[0] ?? '');

  const submit = checkedSubmit(form, upload.take, (input, fields) => {
    setRefused(chosen ? null : upload.file);
    if (chosen) mutation.mutate({ ...input, fields: { ...fields, to: chosen } });
  });

  const result = mutation.data;
  const type = result ? mediaType(result.contentType) : '';
  const imageUrl = useObjectUrl(type.startsWith('image/') ? result?.blob : null);

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="What converts">
          <p>
            DOCX to HTML, Markdown or text; HTML to Markdown or text; Markdown to HTML; XLSX to CSV or JSON;
            CSV to XLSX; JSON and YAML both ways; images between formats; office documents to PDF where the
            server has LibreOffice.
          </p>
        </HelpCard>
      }
    >
      <FormCard label="Convert a file" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea
          upload={upload}
          hint={`Upload a document, spreadsheet, data file or image (up to ${uploadLimit(tool)}).`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={toId}>Convert to</Label>
            <Select value={chosen} onValueChange={setTo} disabled={targets.length === 0}>
              <SelectTrigger id={toId} aria-describedby={`${toId}-help`}>
                <SelectValue placeholder={noTarget ? 'No conversion for this file' : 'Choose a file first'}>
                  {chosen ? (targetLabels[chosen] ?? chosen.toUpperCase()) : undefined}
                </SelectValue>
              </SelectTrigger>
              <SelectContent>
                {targets.map((target) => (
                  <SelectItem key={target} value={target}>
                    {targetLabels[target] ?? target.toUpperCase()}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p
              id={`${toId}-help`}
              className="text-muted-foreground text-xs leading-5"
              data-testid="targets-help"
            >
              {!upload.file
                ? 'The formats offered depend on the file.'
                : formats.isError
                  ? 'The list of conversions could not be loaded.'
                  : noTarget
                    ? noTargetText
                    : `This ${source ?? ''} file converts to ${targets.join(', ')} here.`}
            </p>
          </div>
          {source === 'xlsx' && (
            <TextField form={form} name="sheet" label="Sheet (name or number)" placeholder="1" />
          )}
        </div>
        {noTarget && refused === upload.file && <ErrorAlert message={noTargetText} />}
      </FormCard>
      {result && imageUrl && (
        <ResultSection title="Preview">
          <img
            src={imageUrl}
            alt="The conversion result"
            className="max-h-96 w-auto self-start rounded border"
          />
        </ResultSection>
      )}
      {result && type === 'text/html' && result.text !== undefined && (
        <ResultSection title="Preview">
          {/* Sanitised by the server, and sandboxed here: no script could run even if one slipped through. */}
          <iframe
            title="HTML preview"
            sandbox=""
            srcDoc={result.text}
            className="h-96 w-full rounded border bg-white"
          />
        </ResultSection>
      )}
      {result &&
        (result.text !== undefined ? (
          <TextResult
            result={result}
            original={upload.file}
            operation="convert"
            // A job found again after a reload has no request at hand: its file's extension says the format.
            label={String(
              mutation.variables?.fields?.to ?? (chosen || result.filename?.split('.').pop() || ''),
            ).toUpperCase()}
          />
        ) : (
          <FileResultCard result={result} inputs={upload.file ? [upload.file] : []} operation="convert" />
        ))}
    </ToolPanel>
  );
}
