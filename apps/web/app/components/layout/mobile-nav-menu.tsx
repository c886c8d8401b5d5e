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
import { isCurrentLink, mainNavLinks } from './nav-links';

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
      {/* Inside the header (a landmark), so the open menu is part of the banner region. The sticky header
          sits at the viewport's origin, so the menu's fixed positioning is unaffected. */}
      <DropdownMenuContent
        align="end"
        className="w-44"
        container={typeof document === 'undefined' ? null : document.getElementById('site-header')}
      >
        {mainNavLinks.map((link) => {
          const current = isCurrentLink(pathname, link.to, link.end);
          const Icon = link.icon;
          return (
            <DropdownMenuItem key={link.to} asChild>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                className={cn(current && 'font-medium text-foreground [&_svg]:text-brand')}
              >
                <Icon aria-hidden="true" />
                {link.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
