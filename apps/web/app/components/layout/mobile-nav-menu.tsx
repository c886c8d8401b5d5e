import { MenuIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';
import { cn } from '~/lib/utils';
import { mainNavLinks } from './nav-links';

function isCurrent(pathname: string, to: string, end: boolean): boolean {
  return end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

/** Home, API and About in a dropdown menu, for narrow screens. Loaded on first use (see mobile-nav.tsx). */
export default function MobileNavMenu({
  className,
  defaultOpen,
}: {
  className?: string;
  defaultOpen?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={className}>
          <MenuIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        {mainNavLinks.map((link) => {
          const current = isCurrent(pathname, link.to, link.end);
          return (
            <DropdownMenuItem key={link.to} asChild>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                className={cn(current && 'font-medium text-foreground')}
              >
                {link.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
