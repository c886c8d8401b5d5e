import { NotFound } from '~/components/layout/not-found';
import { pageMeta } from '~/lib/meta';

export function meta() {
  return [...pageMeta('Page not found'), { name: 'robots', content: 'noindex' }];
}

/** Unknown paths under /docs/api: a 404 inside the docs layout (the breadcrumb says 'Documentation'). */
export default function DocsNotFound() {
  return (
    <NotFound
      asMain={false}
      title="Page not found"
      message="There is no documentation page at this address. Pick one from the sidebar, or search with Ctrl+K (⌘K on a Mac)."
    />
  );
}
