// Must stay the first import: see the module.
import '~/lib/zod-csp';
import type { LiveToolId } from '@toolkit/catalog';
import { HydrationBoundary } from '~/components/layout/hydration-boundary';
import { Providers } from '~/providers';
import { tryItPanels } from '~/tools/registry';
import { ApiReference } from './api-reference/api-reference';

function PanelFallback() {
  return <div className="h-64 animate-pulse rounded-xl border bg-muted/40" aria-hidden="true" />;
}

/**
 * The interactive half of a live tool's page: its try-it panel, then its API reference, inside the
 * providers they use (data cache, toasts, tooltips). Loaded lazily by the page frame, so none of this —
 * nor zod, which the catalog's schemas bring — is in the JavaScript a page needs before it is interactive.
 */
export default function LiveToolSections({ toolId }: { toolId: LiveToolId }) {
  const Panel = tryItPanels[toolId];
  return (
    <Providers>
      {/* Its own hydration boundary: the panel's code may arrive after this chunk's (see HydrationBoundary). */}
      <HydrationBoundary fallback={<PanelFallback />}>
        <Panel />
      </HydrationBoundary>
      <ApiReference toolId={toolId} />
    </Providers>
  );
}
