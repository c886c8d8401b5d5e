import { siteConfig } from '~/lib/site-config';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-muted-foreground text-sm sm:px-6 lg:px-8">
        {/* The year is the build's until hydration; on New Year's Eve the two may differ. */}
        <p suppressHydrationWarning>
          Built by {siteConfig.creator.name}. © {year} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
