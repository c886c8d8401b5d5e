// Before the builder's chunk, which builds zod schemas: see the module.
import '~/lib/zod-csp';
import { pipelineDocs } from 'virtual:catalog-nav';
import { lazy } from 'react';
import { HydrationBoundary } from '~/components/layout/hydration-boundary';
import { MarkdownActions } from '~/docs/markdown-actions';
import { pageMeta } from '~/lib/meta';
import { PIPELINE_PATH } from '~/pipeline/pipeline-url';
import { BuilderSkeleton } from '~/pipeline/shared-preview';
import { Providers } from '~/providers';

const summary =
  'Chain up to 10 operations, each on the result of the one before: pick an input, add steps, set their fields and run. The page’s link keeps the pipeline.';

export function meta() {
  return pageMeta('Pipeline builder', summary);
}

const loadBuilder = () => import('~/pipeline/pipeline-builder');
const PipelineBuilder = lazy(loadBuilder);

// Fetch the builder while the page hydrates: the pre-rendered builder is inert until its code is here.
if (typeof window !== 'undefined' && window.location.pathname.replace(/\/+$/, '') === PIPELINE_PATH) {
  void loadBuilder();
}

/**
 * /docs/pipeline, inside the docs layout but not one of its 22 pages (sidebar and search list stay as
 * specified): the pipeline builder for POST /pipeline.
 */
export default function PipelinePage() {
  return (
    <article className="flex flex-col gap-10">
      <header className="flex flex-col gap-3">
        <p className="font-medium text-brand text-sm">Pipelines</p>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Pipeline builder</h1>
        <p className="max-w-3xl text-lg text-muted-foreground leading-8">{summary}</p>
        <MarkdownActions markdownPath={pipelineDocs.markdownPath} />
      </header>
      <Providers>
        <HydrationBoundary fallback={<BuilderSkeleton />}>
          <PipelineBuilder />
        </HydrationBoundary>
      </Providers>
    </article>
  );
}
