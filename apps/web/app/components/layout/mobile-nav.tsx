import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '~/components/ui/button';

const loadMenu = () => import('./mobile-nav-menu');
const MobileNavMenu = lazy(loadMenu);

/**
 * The narrow-screen menu button. The dropdown (Radix menu and its positioning code) is not needed for
 * the first paint, so this renders a plain button and swaps in the real menu, opened, on first use.
 */
export function MobileNav({ className }: { className?: string }) {
  const [requested, setRequested] = useState(false);
  const placeholder = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Open menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setRequested(true)}
    >
      <MenuIcon aria-hidden="true" />
    </Button>
  );
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MobileNavMenu className={className} defaultOpen />
    </Suspense>
  );
}
