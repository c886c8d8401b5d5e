import type { InputKind } from '@toolkit/catalog';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { DocumentResult } from '~/lib/api-client';
import { type ToolVariables, useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { TextResult } from '../_shared/results/text-result';
import { TextOrFileInput } from '../_shared/text-or-file-input';
import { formTexts } from '../_shared/texts';
import { checkedSubmit, type SchemaForm, useSchemaForm } from '../_shared/use-schema-form';
import { useTextOrFile } from '../_shared/use-text-or-file';

/** A data-format tool as its catalog entry describes it: text or a file in, a document out. */
export interface ConverterTool {
  api: {
    method: string;
    path: string;
    input: Extract<InputKind, { kind: 'json-or-file' }>;
    output: 'document';
    request: z.ZodObject;
  };
}

/** The button, progress, toast and error texts of a conversion from one format to another. */
export function conversionTexts(from: string, to: string) {
  const success = `${from} successfully converted to ${to}.`;
  return { ...formTexts(`Convert to ${to}`, 'Converting…', `converting the ${from}`), success };
}

/**
 * The try-it panel every data-format tool shares: the document as text or a file, the tool's own
 * fields, then the converted document with copy and download (a download only over 1 MB). A parse
 * error's line and column select the place in the text.
 */
export function ConverterPanel<T extends ConverterTool>({
  tool,
  texts,
  sample,
  accept,
  resultLabel,
  operation,
  help,
  fields,
  facts,
}: {
  tool: T;
  texts: { submit: string; submitting: string; success: string; failure: string };
  /** The text the editor starts with, so a first click shows a result. */
  sample: string;
  /** The file picker's filter, e.g. '.csv,.tsv,text/csv'. */
  accept: string;
  /** The result block's title, e.g. 'JSON'. */
  resultLabel: string;
  /** Download name part: <input-stem>-<operation>.<ext>. */
  operation: string;
  help: ReactNode;
  fields: (form: SchemaForm) => ReactNode;
  facts?: (result: DocumentResult) => ReactNode;
}) {
  const mutation = useToolMutation(tool, { successMessage: texts.success });
  const input = useTextOrFile(tool.api.input, sample, mutation.reset);
  const form = useSchemaForm(tool.api.request);
  const submit = checkedSubmit(form, input.take, (source, fields) =>
    // The fields come from this tool's own schema; a generic T cannot show the compiler that.
    mutation.mutate({ ...source, fields } as ToolVariables<T>),
  );
  const result = mutation.data as DocumentResult | undefined;
  return (
    <ToolPanel endpoint={tool.api} aside={<HelpCard title="Good to know">{help}</HelpCard>}>
      <FormCard
        label={texts.submit}
        onSubmit={submit}
        texts={texts}
        mutation={mutation}
        onErrorPosition={input.goTo}
      >
        <TextOrFileInput input={input} accept={accept} />
        <div className="grid gap-4 sm:grid-cols-2">{fields(form)}</div>
      </FormCard>
      {result && (
        <TextResult
          result={result}
          original={input.file}
          operation={operation}
          label={resultLabel}
          facts={facts?.(result)}
        />
      )}
    </ToolPanel>
  );
}
