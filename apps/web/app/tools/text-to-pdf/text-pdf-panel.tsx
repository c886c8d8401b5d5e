import { getTool, textToPdfHeaders } from '@toolkit/catalog';
import { useEffect } from 'react';
import { resultNumber } from '~/lib/tool-response';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { PdfResult } from '../_shared/results/pdf-result';
import { Fact } from '../_shared/results/result-card';
import { CheckboxField, NumberField, SelectField, TextField } from '../_shared/schema-fields';
import { TextOrFileInput } from '../_shared/text-or-file-input';
import { formTexts } from '../_shared/texts';
import { checkedSubmit, useSchemaForm } from '../_shared/use-schema-form';
import { useTextOrFile } from '../_shared/use-text-or-file';

const tool = getTool('text-to-pdf');

const texts = formTexts('Create PDF', 'Creating…', 'creating the PDF');

/** A file name the server renders as Markdown when no markdown field is sent. */
export const isMarkdownName = (name: string) => /\.(md|markdown)$/i.test(name);

const fontLabels = { sans: 'DejaVu Sans', serif: 'DejaVu Serif', mono: 'DejaVu Sans Mono' } as const;

/** The Text to PDF try-it panel. */
export default function TextPdfPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'PDF successfully created.' });
  const input = useTextOrFile(tool.api.input, '', mutation.reset);
  const form = useSchemaForm(tool.api.request);
  const { set } = form;

  // The Markdown box follows the file chosen (ticked for .md, as the server reads one), and the
  // request says what the box shows, so the box never disagrees with the PDF.
  const fileName = input.file?.name;
  useEffect(() => {
    if (fileName !== undefined) set('markdown', isMarkdownName(fileName));
  }, [fileName, set]);

  const submit = checkedSubmit(form, input.take, (content, { text: _text, markdown, ...fields }) =>
    mutation.mutate({ ...content, fields: { ...fields, markdown: markdown === true } }),
  );

  const missing = mutation.data?.headers.get(textToPdfHeaders.missingGlyphs.name);
  const pages = mutation.data
    ? resultNumber(mutation.data.headers, textToPdfHeaders.pageCount.name)
    : undefined;

  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="Fonts and Markdown">
          <p>
            DejaVu fonts are embedded: Latin with accents, Greek and Cyrillic print as typed. Characters they
            lack (Chinese, Japanese…) are listed after the conversion.
          </p>
          <p>
            Tick Markdown for headings, lists, code blocks and links; it is ticked for you when you choose a
            .md file.
          </p>
        </HelpCard>
      }
    >
      <FormCard
        label="Create a PDF from text"
        onSubmit={submit}
        texts={texts}
        mutation={mutation}
        onErrorPosition={input.goTo}
      >
        <TextOrFileInput
          input={input}
          label="Text"
          placeholder="Type or paste text, or Markdown…"
          accept=".txt,.md,.markdown,text/plain,text/markdown"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            form={form}
            name="title"
            label="Title"
            help="Stored in the PDF's document information."
          />
          <SelectField form={form} name="font" label="Font" optionLabels={fontLabels} help="" />
          <NumberField form={form} name="font_size" label="Font size (pt)" help="6–72." />
          <SelectField form={form} name="page_size" label="Page size" help="" />
          <NumberField form={form} name="margin" label="Margin (mm)" step="any" help="On every side." />
        </div>
        <CheckboxField
          form={form}
          name="markdown"
          label="Markdown"
          help="Render headings, emphasis, lists, code and links."
        />
      </FormCard>
      {mutation.data && (
        <PdfResult
          result={mutation.data}
          original={input.file}
          operation="from-text"
          facts={
            <>
              {pages !== undefined && (
                <Fact label="Pages" testId="pdf-pages">
                  {pages}
                </Fact>
              )}
              {missing && (
                <Fact label="Not in the fonts" testId="missing-glyphs" mono>
                  {missing}
                </Fact>
              )}
            </>
          }
        />
      )}
    </ToolPanel>
  );
}
