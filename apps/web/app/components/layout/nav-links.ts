import { DOCS_ROOT } from '~/lib/catalog';

/** The header's main links (a dropdown menu on narrow screens). */
export const mainNavLinks = [
  { label: 'Home', to: '/', end: true },
  { label: 'API', to: DOCS_ROOT, end: false },
  { label: 'About', to: '/about', end: true },
] as const;
