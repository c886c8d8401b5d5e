import { BookOpenIcon, HouseIcon, InfoIcon } from 'lucide-react';
import { DOCS_ROOT } from '~/lib/catalog';

/** The header's main links (a dropdown menu on narrow screens, where the icons show). */
export const mainNavLinks = [
  { label: 'Home', to: '/', end: true, icon: HouseIcon },
  { label: 'API', to: DOCS_ROOT, end: false, icon: BookOpenIcon },
  { label: 'About', to: '/about', end: true, icon: InfoIcon },
] as const;

/** Whether a link is the current page (API covers every docs page). */
export function isCurrentLink(pathname: string, to: string, end: boolean): boolean {
  return end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}
