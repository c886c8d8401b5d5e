// The samples come from the catalog, so the server's test runs the very samples this page shows.
import {
  apiKeyVariable,
  baseVariable,
  codeSamples,
  exampleInputs,
  type SampleLanguage,
  sampleInputFiles,
  sampleLanguages,
  samplesPath,
  type ToolSpec,
  toolExamples,
} from '@toolkit/catalog';
import { useMemo, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { useApiKey } from '~/lib/api-key';
import { cn } from '~/lib/utils';
import { CopyButton } from '~/tools/_shared/copy-button';
import { ErrorAlert } from '~/tools/_shared/panel';
import { useCopy } from '~/tools/_shared/use-copy';
import { CodeBlock } from './code-block';

export const inlineCode = 'rounded bg-code px-1 py-0.5 font-mono text-[0.85em] text-foreground';

/**
 * Where the samples' input comes from (sample files to download, or the sample itself) and what
 * BASE is. The same text is pre-rendered and hydrated: no host is written that could be wrong.
 */
function SampleSetup({
  inputs,
  apiBase,
  auth,
}: {
  inputs: readonly (keyof typeof sampleInputFiles)[];
  apiBase: string;
  auth: boolean;
}) {
  const absolute = /^https?:\/\//i.test(apiBase);
  return (
    <div className="flex flex-col gap-1 text-muted-foreground text-sm leading-6">
      {inputs.length > 0 ? (
        <p>
          Input {inputs.length === 1 ? 'file' : 'files'}:{' '}
          {inputs.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <a href={`${samplesPath}/${name}`} download className="font-medium text-brand underline">
                {name}
              </a>{' '}
              ({sampleInputFiles[name]})
            </span>
          ))}
          . Download {inputs.length === 1 ? 'it' : 'them'} into the folder you run the sample in.
        </p>
      ) : (
        <p>The input is written in the sample itself.</p>
      )}
      <p>
        <code className={inlineCode}>{baseVariable}</code> is the API's base URL:{' '}
        {absolute ? (
          <code className={inlineCode}>{apiBase}</code>
        ) : (
          <>
            this site's address followed by <code className={inlineCode}>{apiBase}</code>
          </>
        )}
        , e.g.{' '}
        <code
          className={inlineCode}
        >{`export ${baseVariable}=${absolute ? apiBase : `https://example.com${apiBase}`}`}</code>
        .
      </p>
      {auth && (
        <p>
          <code className={inlineCode}>{apiKeyVariable}</code> is your API key (the one saved in this browser
          is not written into the samples).
        </p>
      )}
    </div>
  );
}

/** The catalog's examples of a tool as curl, JavaScript and Python, in tabs, with a copy button. */
export function CodeSamplesPanel({ tool, apiBase }: { tool: ToolSpec; apiBase: string }) {
  const examples = toolExamples(tool);
  const [exampleIndex, setExampleIndex] = useState(0);
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const example = examples[exampleIndex] ?? examples[0];
  // A saved key means this server asks for one: the samples send it (read after hydration: the
  // pre-rendered page has none).
  const auth = Boolean(useApiKey());
  const samples = useMemo(() => (example ? codeSamples(tool, example, { auth }) : []), [tool, example, auth]);
  const current = samples.find((sample) => sample.language === language);
  const languageLabel = sampleLanguages.find((entry) => entry.id === language)?.label ?? language;
  const copy = useCopy();

  return (
    <div className="flex flex-col gap-3">
      {examples.length > 1 && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="float-left mr-1 text-muted-foreground text-sm">Example</legend>
          {examples.map((entry, index) => (
            <button
              key={entry.title}
              type="button"
              aria-pressed={index === exampleIndex}
              onClick={() => setExampleIndex(index)}
              className={cn(
                'rounded-full border px-3 py-1 text-left text-xs transition-colors',
                'hover:bg-accent hover:text-accent-foreground',
                index === exampleIndex
                  ? 'border-brand/40 bg-brand-soft font-medium text-foreground'
                  : 'text-muted-foreground',
              )}
            >
              {entry.title}
            </button>
          ))}
        </fieldset>
      )}
      {example && <SampleSetup inputs={exampleInputs(tool, example)} apiBase={apiBase} auth={auth} />}
      <Tabs value={language} onValueChange={(value) => setLanguage(value as SampleLanguage)}>
        <div className="overflow-hidden rounded-xl border bg-code">
          <div className="flex items-center justify-between gap-2 border-b bg-muted/50 px-2 py-1.5">
            <TabsList aria-label="Language">
              {sampleLanguages.map((entry) => (
                <TabsTrigger key={entry.id} value={entry.id}>
                  {entry.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {current && (
              <CopyButton text={current.text} label={`Copy the ${languageLabel} sample`} state={copy} />
            )}
          </div>
          {samples.map((sample) => {
            const label = sampleLanguages.find((entry) => entry.id === sample.language)?.label ?? '';
            return (
              <TabsContent key={sample.language} value={sample.language} tabIndex={-1}>
                <CodeBlock lines={sample.lines} label={`${label}: ${example?.title ?? ''}`} />
              </TabsContent>
            );
          })}
        </div>
      </Tabs>
      {copy.error && <ErrorAlert message={copy.error} />}
    </div>
  );
}
