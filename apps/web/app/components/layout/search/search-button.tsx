import { SearchIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { useSearch } from './search-provider';

const noop = () => () => {};
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The header's search control (wide screens only). The shortcut hint is decoration, not its name. */
export function SearchButton({ className }: { className?: string }) {
  const { setOpen, preload } = useSearch();
  const apple = useSyncExternalStore(noop, isApple, () => false);
  return (
    <Button
      variant="outline"
      onClick={() => setOpen(true)}
      onPointerEnter={preload}
      onFocus={preload}
      aria-keyshortcuts="Control+K Meta+K"
      className={cn(
        'h-9 justify-start gap-2 rounded-lg bg-muted/50 px-3 font-normal text-muted-foreground shadow-none hover:bg-muted dark:bg-muted/50 dark:hover:bg-muted',
        className,
      )}
    >
      <SearchIcon aria-hidden="true" />
      <span className="truncate">Search documentation...</span>
      <span aria-hidden="true" className="ml-auto hidden lg:inline-flex">
        <kbd className="inline-flex h-5 select-none items-center gap-0.5 rounded border bg-background px-1.5 font-medium font-mono text-[0.6875rem] text-muted-foreground">
          {apple ? '⌘' : 'Ctrl'} K
        </kbd>
      </span>
    </Button>
  );
}
