import { useLocation } from 'react-router';
import { NotFound } from '~/components/layout/not-found';
import { DocsPageFrame } from '~/docs/docs-page-frame';
import { findNavTool } from '~/lib/catalog';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/docs-page';

// One module serves every catalog page (see routes.ts); the path says which tool it is.
export function meta({ location }: Route.MetaArgs) {
  const tool = findNavTool(location.pathname);
  return pageMeta(tool?.title ?? 'Documentation', tool?.description);
}

export default function DocsPage() {
  const { pathname } = useLocation();
  const tool = findNavTool(pathname);
  if (!tool) return <NotFound asMain={false} />;
  return <DocsPageFrame key={tool.id} tool={tool} />;
}
