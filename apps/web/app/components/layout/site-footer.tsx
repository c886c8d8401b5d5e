import { siteConfig } from '~/lib/site-config';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t">
      <div className="flex flex-col gap-2 px-4 py-8 text-muted-foreground text-sm md:px-6">
        {/* The year is the build's until hydration; on New Year's Eve the two may differ. */}
        <p suppressHydrationWarning>
          Built by {siteConfig.creator.name}. © {year} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
