// Must stay the first import: see the module.
import '~/lib/zod-csp';
import { lazy, Suspense } from 'react';
import type { NavTool } from '~/lib/catalog';
import { docsGroups } from '~/lib/catalog';
import { tryItPanels } from '~/tools/registry';
import { NotImplemented } from './not-implemented';

// Lazy, so the catalog's zod schemas it reads stay out of every other page's JavaScript.
const ApiReference = lazy(() => import('./api-reference/api-reference'));

function PanelFallback() {
  return <div className="h-64 animate-pulse rounded-xl border bg-muted/40" aria-hidden="true" />;
}

/** One documentation page: title and description, then the try-it panel and API reference, or the placeholder. */
export function DocsPageFrame({ tool }: { tool: NavTool }) {
  const groupTitle = docsGroups.find((group) => group.id === tool.group)?.title;
  return (
    <article className="flex flex-col gap-10">
      <header className="flex flex-col gap-3">
        {groupTitle && <p className="font-medium text-brand text-sm">{groupTitle}</p>}
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{tool.title}</h1>
        <p className="max-w-3xl text-lg text-muted-foreground leading-8">{tool.description}</p>
      </header>
      {tool.status === 'live' ? <LiveToolSections toolId={tool.id} /> : <NotImplemented />}
    </article>
  );
}

function LiveToolSections({ toolId }: { toolId: Extract<NavTool, { status: 'live' }>['id'] }) {
  const Panel = tryItPanels[toolId];
  return (
    <>
      <Suspense fallback={<PanelFallback />}>
        <Panel />
      </Suspense>
      <Suspense fallback={null}>
        <ApiReference toolId={toolId} />
      </Suspense>
    </>
  );
}
