import { CheckIcon, CopyIcon } from 'lucide-react';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import { Button } from '~/components/ui/button';
import { apiBaseUrl, type ToolInput } from '~/lib/api-client';
import { useApiKey } from '~/lib/api-key';
import { type PanelApi, type RequestCode, requestCode, sentRequestOf } from '~/lib/request-code';
import { useCopy } from './use-copy';

/*
 * "Copy as cURL / JavaScript / Python" of the request a panel has just made (issue 32): the fields as
 * sent, typed text inline, each file as its name (run the code beside the file), the API key as the
 * $TOOLKIT_API_KEY placeholder. A call the panel ran as a job is given as the plain call: same answer.
 */

/** Given by the panel frame (ToolPanel), so the form card inside knows what its panel calls. */
export const PanelApiContext = createContext<PanelApi | null>(null);

export const copyLanguages = [
  { id: 'curl', label: 'cURL' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const satisfies readonly { id: keyof RequestCode; label: string }[];

/** The name the code saves the answer as: the server's name for it, else one after the operation. */
export function outputName(api: PanelApi, result: unknown): string | undefined {
  if (api.output === 'analysis') return undefined;
  const given = result && typeof result === 'object' && 'filename' in result ? result.filename : undefined;
  // Only a bare name: the code must write beside itself, whatever the header said.
  const name = typeof given === 'string' ? (given.split(/[/\\]/).pop() ?? '') : '';
  return name && name !== '.' && name !== '..' ? name : `${api.path.split('/').pop()}-result`;
}

/** The API base as an absolute URL, so the copied code runs from anywhere. */
export const absoluteBase = () => new URL(apiBaseUrl, window.location.href).href.replace(/\/+$/, '');

/** The copy buttons of the last request (`input`), `result` naming the saved file once it has come. */
export function CopyRequest({ input, result }: { input: ToolInput; result: unknown }) {
  const api = useContext(PanelApiContext);
  const auth = Boolean(useApiKey());
  const code = useMemo(
    () =>
      api &&
      requestCode(sentRequestOf(api, input, { auth, base: absoluteBase(), output: outputName(api, result) })),
    [api, input, auth, result],
  );
  return code ? <CopyCodeButtons code={code} /> : null;
}

/** "Copy as" with one button per language, announcing "Copied" (the panels' and the pipeline builder's). */
export function CopyCodeButtons({ code }: { code: RequestCode }) {
  const labelId = useId();
  const copy = useCopy();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <fieldset
      aria-labelledby={labelId}
      className="flex flex-wrap items-center gap-2 text-sm"
      data-copy-request=""
    >
      <span id={labelId} className="text-muted-foreground">
        Copy as
      </span>
      {copyLanguages.map(({ id, label }) => (
        <Button
          key={id}
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Copy as ${label}`}
          onClick={async () => {
            if (await copy.copy(code[id])) setCopied(id);
          }}
        >
          {copy.copied && copied === id ? (
            <CheckIcon className="text-success" aria-hidden="true" />
          ) : (
            <CopyIcon aria-hidden="true" />
          )}
          {label}
        </Button>
      ))}
      <span className="sr-only" role="status">
        {copy.copied ? 'Copied' : ''}
      </span>
      {copy.error && (
        <p role="alert" className="w-full text-destructive">
          {copy.error}
        </p>
      )}
    </fieldset>
  );
}
