import { Link, NavLink } from 'react-router';
import { Button } from '~/components/ui/button';
import { siteConfig } from '~/lib/site-config';
import { cn } from '~/lib/utils';
import { GithubIcon } from './github-icon';
import { LogoMark } from './logo';
import { MobileNav } from './mobile-nav';
import { mainNavLinks } from './nav-links';
import { SearchButton } from './search/search-button';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  return (
    <header
      id="site-header"
      className="sticky top-0 z-40 h-header border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
    >
      <div className="flex h-full items-center gap-2 px-4 sm:gap-4 md:px-6">
        <Link
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2.5 rounded-md font-semibold tracking-tight"
        >
          <LogoMark className="size-7" />
          <span>{siteConfig.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainNavLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-1.5 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground',
                  isActive && 'text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <SearchButton className="mr-1 hidden w-56 md:inline-flex lg:w-72" />
          <Button asChild variant="ghost" size="icon">
            <a
              href={siteConfig.githubUrl}
              target="_blank"
              rel="noreferrer"
              aria-label="GitHub (opens in a new tab)"
            >
              <GithubIcon className="size-[1.125rem]" />
            </a>
          </Button>
          <ThemeToggle />
          <MobileNav className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
