import { createContext, lazy, type ReactNode, Suspense, use, useEffect, useMemo, useState } from 'react';
import { isModShortcut } from '~/lib/keyboard';

/** Ctrl/Cmd + this key toggles the search dialog. */
export const SEARCH_KEYBOARD_SHORTCUT = 'k';

/**
 * Constant for the life of the page: a context value that changed (say, on open) would reach every
 * Suspense boundary below that is still waiting for its code, and React would re-render those from
 * scratch, discarding their pre-rendered HTML. The open state stays inside the provider.
 */
interface SearchContextValue {
  setOpen: (open: boolean) => void;
  /** Starts loading the dialog's code (on hover/focus of the button) so it opens instantly. */
  preload: () => void;
}

const SearchContext = createContext<SearchContextValue | null>(null);

export function useSearch(): SearchContextValue {
  const context = use(SearchContext);
  if (!context) throw new Error('useSearch must be used inside a SearchProvider.');
  return context;
}

const loadDialog = () => import('./search-dialog');
// The dialog (cmdk, the Radix dialog) is not part of any page's first load: it loads on first use.
const SearchDialog = lazy(loadDialog);

export function SearchProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isModShortcut(event, SEARCH_KEYBOARD_SHORTCUT)) return;
      event.preventDefault();
      setMounted(true);
      setOpen((value) => !value);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const value = useMemo<SearchContextValue>(
    () => ({
      setOpen: (next) => {
        if (next) setMounted(true);
        setOpen(next);
      },
      preload: () => void loadDialog(),
    }),
    [],
  );

  return (
    <SearchContext value={value}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </SearchContext>
  );
}
