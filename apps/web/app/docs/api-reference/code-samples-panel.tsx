import type { ToolSpec } from '@toolkit/catalog';
import { useMemo, useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { cn } from '~/lib/utils';
import { CopyButton } from '~/tools/_shared/copy-button';
import { ErrorAlert } from '~/tools/_shared/panel';
import { useCopy } from '~/tools/_shared/use-copy';
import { CodeBlock } from './code-block';
import { codeSamples, type SampleLanguage, sampleLanguages, toolExamples } from './code-samples';

/** The catalog's examples of a tool as curl, JavaScript and Python, in tabs, with a copy button. */
export function CodeSamplesPanel({ tool, url }: { tool: ToolSpec; url: string }) {
  const examples = toolExamples(tool);
  const [exampleIndex, setExampleIndex] = useState(0);
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const example = examples[exampleIndex] ?? examples[0];
  const samples = useMemo(() => (example ? codeSamples(tool, example, url) : []), [tool, example, url]);
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
