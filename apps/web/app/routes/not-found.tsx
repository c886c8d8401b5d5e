import { NotFound } from '~/components/layout/not-found';
import { pageMeta } from '~/lib/meta';

export function meta() {
  return [...pageMeta('Page not found'), { name: 'robots', content: 'noindex' }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
