// Before any chunk that builds a zod schema (the live sections): see the module.
import '~/lib/zod-csp';
import { WorkflowIcon } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { HydrationBoundary } from '~/components/layout/hydration-boundary';
import { Button } from '~/components/ui/button';
import type { NavTool } from '~/lib/catalog';
import { docsGroups, findNavTool } from '~/lib/catalog';
import { pipelineHref } from '~/pipeline/pipeline-url';
import { MarkdownActions } from './markdown-actions';
import { NotImplemented } from './not-implemented';

const loadLiveSections = () => import('./live-tool-sections');
const LiveToolSections = lazy(loadLiveSections);

// On a live tool's page, fetch the panel and reference while the page hydrates rather than after: the
// pre-rendered panel is visible but inert until its code has arrived.
if (typeof window !== 'undefined' && findNavTool(window.location.pathname)?.status === 'live') {
  void loadLiveSections();
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
        {tool.status === 'live' && <MarkdownActions markdownPath={tool.markdownPath} />}
        {tool.status === 'live' && tool.pipelineOp && (
          <div>
            <Button asChild variant="ghost" size="sm">
              <Link to={pipelineHref(tool.pipelineOp)}>
                <WorkflowIcon aria-hidden="true" />
                Use in a pipeline
              </Link>
            </Button>
          </div>
        )}
      </header>
      {tool.status === 'live' ? (
        // Pre-rendered in full; in the browser the server HTML stays until the chunk has loaded.
        <HydrationBoundary>
          <LiveToolSections toolId={tool.id} />
        </HydrationBoundary>
      ) : (
        <NotImplemented />
      )}
    </article>
  );
}
