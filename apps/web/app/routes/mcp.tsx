import { mcpDocs } from 'virtual:catalog-nav';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CodeText } from '~/components/code-text';
import { TooltipProvider } from '~/components/ui/tooltip';
import { MarkdownActions } from '~/docs/markdown-actions';
import { apiBaseUrl } from '~/lib/api-client';
import { docsGroups } from '~/lib/catalog';
import { pageMeta } from '~/lib/meta';
import { CopyButton } from '~/tools/_shared/copy-button';
import { useCopy } from '~/tools/_shared/use-copy';

export function meta() {
  return pageMeta('MCP server', mcpDocs.summary);
}

/** The origin the MCP server answers on: the API's, which is this site's unless the build set another. */
function apiOrigin(): string {
  return /^https?:\/\//i.test(apiBaseUrl) ? new URL(apiBaseUrl).origin : window.location.origin;
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-semibold text-xl tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

const prose = 'max-w-3xl text-muted-foreground leading-7';

/**
 * The MCP server (POST /mcp) for people setting up an assistant: a client configuration to copy, the
 * tool names and how files travel. Its texts are the catalog's (the same as /docs/mcp.md); it is not in
 * the docs sidebar or search, which list the API's 22 pages.
 */
export default function McpPage() {
  // Pre-rendered with '<origin>' (as in the Markdown); the real origin once the page runs.
  const [origin, setOrigin] = useState('<origin>');
  useEffect(() => setOrigin(apiOrigin()), []);
  const config = mcpDocs.clientConfig.replace('<origin>', origin);
  const copyState = useCopy();
  const tools = docsGroups.flatMap((group) => group.tools).filter((tool) => tool.status === 'live');

  return (
    <main
      id="main-content"
      className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-12 px-4 py-16 sm:px-6 lg:px-8"
    >
      <header className="flex flex-col gap-3">
        <p className="font-medium text-brand text-sm">For agents</p>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">MCP server</h1>
        <p className={`${prose} text-lg leading-8`}>{mcpDocs.summary}</p>
        <MarkdownActions markdownPath={mcpDocs.markdownPath} />
      </header>

      <Part title="Client configuration">
        <p className={prose}>
          Add this to your MCP client’s configuration (Claude Desktop, Cursor, VS Code…), with your API key
          for <code>&lt;key&gt;</code>; leave <code>headers</code> out when the server needs no key. The
          server answers <code>POST {mcpDocs.endpointPath}</code> over Streamable HTTP.
        </p>
        <TooltipProvider>
          <div className="relative rounded-xl border bg-code">
            <pre className="overflow-x-auto p-4 pr-12 font-mono text-[13px] leading-6">
              <code>{config}</code>
            </pre>
            <div className="absolute top-2 right-2">
              <CopyButton text={config} label="Copy the client configuration" state={copyState} />
            </div>
          </div>
        </TooltipProvider>
        {copyState.error && (
          <p role="alert" className="text-destructive text-sm">
            {copyState.error}
          </p>
        )}
      </Part>

      <Part title="Tool names">
        <p className={prose}>
          <CodeText text={mcpDocs.namingRule} />
        </p>
        <div className="overflow-hidden rounded-xl border">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">MCP tools</caption>
            <thead className="bg-muted/50 text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Tool
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Operation
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {tools.map((tool) => (
                <tr key={tool.id}>
                  <td className="px-4 py-2">
                    <code className="font-mono text-[13px]">{tool.mcpName}</code>
                  </td>
                  <td className="px-4 py-2">
                    <Link to={tool.path} className="text-brand underline-offset-4 hover:underline">
                      {tool.title}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Part>

      <Part title="Passing files">
        <p className={prose}>
          <CodeText text={mcpDocs.filesRule} />
        </p>
      </Part>

      <Part title="Results">
        <p className={prose}>
          <CodeText text={mcpDocs.resultsRule} />
        </p>
        <p className={prose}>
          Every docs page is also Markdown for agents:{' '}
          <a href="/llms.txt" className="text-brand underline">
            /llms.txt
          </a>{' '}
          lists them,{' '}
          <a href="/llms-full.txt" className="text-brand underline">
            /llms-full.txt
          </a>{' '}
          holds them all.
        </p>
      </Part>
    </main>
  );
}
