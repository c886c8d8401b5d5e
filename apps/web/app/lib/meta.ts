import type { MetaDescriptor } from 'react-router';
import { siteConfig } from './site-config';

/** Title and description tags of a page; the site name is appended to every title but the home page's. */
export function pageMeta(
  title: string | undefined,
  description: string = siteConfig.description,
): MetaDescriptor[] {
  const fullTitle = title ? `${title} · ${siteConfig.name}` : siteConfig.name;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
  ];
}
