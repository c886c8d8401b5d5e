import { MoonIcon, SunIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useTheme } from '~/hooks/use-theme';
import { EARLY_ACTION_ATTRIBUTE } from '~/lib/boot-script';

/** Switches between light and dark. Both icons are rendered and CSS shows the right one from first paint. */
export function ThemeToggle() {
  const { toggleTheme } = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label="Toggle theme"
      title="Toggle theme"
      // Works before hydration too: the boot script switches the class and the cookie the same way.
      {...{ [EARLY_ACTION_ATTRIBUTE]: 'theme' }}
    >
      <SunIcon className="hidden dark:block" aria-hidden="true" />
      <MoonIcon className="dark:hidden" aria-hidden="true" />
    </Button>
  );
}
