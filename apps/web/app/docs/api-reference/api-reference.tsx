import { mcpDocs } from 'virtual:catalog-nav';
import { getTool, type LiveToolId, uploadPrecedence } from '@toolkit/catalog';
import { BotIcon, FileJsonIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { CodeText } from '~/components/code-text';
import { Button } from '~/components/ui/button';
import { apiBaseUrl } from '~/lib/api-client';
import { CodeSamplesPanel, inlineCode } from './code-samples-panel';
import { errorDocs, requestFields, responseDoc } from './reference-data';
import { ErrorTable, FieldTable, HeaderTable } from './reference-tables';

function Part({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-semibold text-lg tracking-tight">
        {title}
      </h3>
      {intro && <div className="text-muted-foreground text-sm leading-6">{intro}</div>}
      {children}
    </section>
  );
}

/** A URL that may wrap after its slashes on narrow screens, and nowhere else. */
function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=[^/]\/)(?!\/)/);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one URL, in order.
    <span key={index}>
      {index > 0 && <wbr />}
      {part}
    </span>
  ));
}

/** The media types of a result as a phrase: 'image/png, image/webp or image/avif', each in code. */
function MediaTypes({ types }: { types: readonly string[] }) {
  if (types.length === 0) return <>the result’s own media type</>;
  return types.map((type, index) => (
    <span key={type}>
      {index > 0 && (index === types.length - 1 ? ' or ' : ', ')}
      <code className={inlineCode}>{type}</code>
    </span>
  ));
}

/**
 * The API reference of a live tool: endpoint, code samples, request fields, response and errors, all
 * read from the catalog entry (the same zod schema validates the server's requests and writes its
 * OpenAPI document). Loaded lazily by the docs page frame, so the catalog's zod stays off other pages.
 */
export function ApiReference({ toolId }: { toolId: LiveToolId }) {
  const tool = getTool(toolId);
  // A path (or the configured absolute base): the same text before and after hydration, on any host.
  const url = `${apiBaseUrl}${tool.api.path}`;
  const response = responseDoc(tool);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-10 border-t pt-10">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="font-semibold text-xl tracking-tight">
            API reference
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="ghost" size="sm">
              <a href={mcpDocs.path}>
                <BotIcon aria-hidden="true" />
                MCP server
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={`${apiBaseUrl}/openapi.json`} download="openapi.json">
                <FileJsonIcon aria-hidden="true" />
                OpenAPI document
              </a>
            </Button>
          </div>
        </div>
        <div className="flex min-w-0 items-center gap-3 rounded-xl border bg-code px-3 py-2.5">
          <span className="shrink-0 rounded-md bg-brand px-2 py-0.5 font-mono font-semibold text-brand-foreground text-xs">
            {tool.api.method}
          </span>
          <code className="min-w-0 font-mono text-sm">
            <BreakableUrl url={url} />
          </code>
        </div>
      </header>

      <Part title="Code samples">
        <CodeSamplesPanel tool={tool} apiBase={apiBaseUrl} />
      </Part>

      <Part
        title="Request"
        intro={
          <p>
            {tool.api.input.kind === 'json-or-file' ? (
              <>
                Send an <code className={inlineCode}>application/json</code> body, or{' '}
                <code className={inlineCode}>multipart/form-data</code> with a file
              </>
            ) : (
              <>
                Send a <code className={inlineCode}>multipart/form-data</code> body
              </>
            )}{' '}
            (or name the file by its address in the field <code className={inlineCode}>url</code> instead of
            uploading it). Empty fields are the same as leaving them out: the default applies.
            {tool.api.input.kind === 'json-or-file' && ` ${uploadPrecedence}`}
          </p>
        }
      >
        <FieldTable fields={requestFields(tool)} caption="Request fields" />
      </Part>

      <Part
        title="Response"
        intro={
          <p>
            <span className="font-medium font-mono text-success">200 OK</span> ·{' '}
            <MediaTypes types={response.mediaTypes} />. <CodeText text={response.description} />
          </p>
        }
      >
        {response.dataFields.length > 0 && (
          <>
            <p className="text-muted-foreground text-sm leading-6">
              The body is{' '}
              <code className={inlineCode}>{'{"success": true, "message": "…", "data": {…}}'}</code> where{' '}
              <code className={inlineCode}>data</code> holds:
            </p>
            <FieldTable fields={response.dataFields} caption="Members of data" />
          </>
        )}
        <HeaderTable headers={response.headers} />
      </Part>

      <Part
        title="Errors"
        intro={
          <p>
            Every error is JSON with its status:{' '}
            <code className={inlineCode}>{'{"success": false, "message": "…", "code": "…"}'}</code>, plus{' '}
            <code className={inlineCode}>details</code> (one entry per field) for validation errors. The
            message is a sentence you can show to people.
          </p>
        }
      >
        <ErrorTable errors={errorDocs(tool)} />
      </Part>
    </section>
  );
}

export default ApiReference;
