import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isDocsPath } from '~/lib/catalog';
import { SearchProvider } from './search/search-provider';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ToastArea } from './toast-area';

/** The header is hidden under /account; the footer under the docs (its sidebar fills the height). */
export function shellVisibility(pathname: string): { header: boolean; footer: boolean } {
  return { header: !pathname.startsWith('/account'), footer: !isDocsPath(pathname) };
}

export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const visible = shellVisibility(pathname);
  return (
    <SearchProvider>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 font-medium text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-svh flex-col">
        {visible.header && <SiteHeader />}
        <div className="flex flex-1 flex-col">{children}</div>
        {visible.footer && <SiteFooter />}
      </div>
      <ToastArea />
    </SearchProvider>
  );
}
