import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AppShell } from './components/layout/app-shell';
import { NotFound } from './components/layout/not-found';
import { SearchProvider } from './components/layout/search/search-provider';
import { SiteHeader } from './components/layout/site-header';
import { bootScript, HYDRATED_ATTRIBUTE } from './lib/boot-script';
import { siteConfig } from './lib/site-config';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The body font is needed for the first paint of every page.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: ReactNode }) {
  // The root's effects run after all of its children's: from here on React handles the page's events,
  // and the boot script replays what the visitor did before (lib/early-actions.ts).
  useEffect(() => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ''), []);
  return (
    // The boot script adds the theme class before React hydrates, so <html> differs from the HTML.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta
          name="theme-color"
          media="(prefers-color-scheme: light)"
          content={siteConfig.themeColor.light}
        />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={siteConfig.themeColor.dark} />
        {/* The text only matters in the pre-rendered HTML: in the browser it has already run when React
            hydrates, and React leaves the element as it is, so the client bundle does without it. */}
        <script
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed build-time string, allowed by CSP hash
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? bootScript : '' }}
        />
        {/* With a precedence React emits the stylesheet ahead of the scripts' modulepreload hints, so the
            one render-blocking request starts first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

/**
 * The body of __spa-fallback.html, served for unknown paths: the header paints at once (except under
 * /account, where the boot script hides it), and the 404 page follows when the JavaScript has loaded.
 */
export function HydrateFallback() {
  return (
    <SearchProvider>
      <div className="flex min-h-svh flex-col">
        <div className="in-data-[header=hidden]:hidden">
          <SiteHeader />
        </div>
        <main id="main-content" className="flex-1" />
      </div>
    </SearchProvider>
  );
}

/** Errors thrown while rendering any route end here, inside the normal shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AppShell>
      {notFound ? (
        <NotFound />
      ) : (
        <NotFound
          code="Error"
          title="Something went wrong"
          message="This page could not be shown. Reload it, or go back to the documentation."
        />
      )}
    </AppShell>
  );
}
