import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useTheme } from '~/hooks/use-theme';

/** Switches between light and dark. Both icons are rendered and CSS shows the right one from first paint. */
export function ThemeToggle() {
  const { toggleTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label="Toggle theme" title="Toggle theme">
      <SunIcon className="hidden dark:block" aria-hidden="true" />
      <MoonIcon className="dark:hidden" aria-hidden="true" />
    </Button>
  );
}
