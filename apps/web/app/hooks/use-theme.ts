import { useCallback, useSyncExternalStore } from 'react';
import { writeCookie } from '~/lib/cookies';
import { createListeners } from '~/lib/listeners';
import { applyTheme, currentTheme, DARK_QUERY, storedTheme, type Theme, themeCookie } from '~/lib/theme';

const listeners = createListeners();

function subscribe(listener: () => void): () => void {
  const unsubscribe = listeners.subscribe(listener);
  // Without a stored choice the site follows the system setting, also when it changes later.
  const media = window.matchMedia?.(DARK_QUERY);
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (storedTheme(document.cookie)) return;
    applyTheme(event.matches ? 'dark' : 'light');
    listeners.notify();
  };
  media?.addEventListener('change', onSystemChange);
  return () => {
    unsubscribe();
    media?.removeEventListener('change', onSystemChange);
  };
}

export function setTheme(theme: Theme): void {
  applyTheme(theme);
  writeCookie(themeCookie(theme));
  listeners.notify();
}

/**
 * The current theme. It is undefined while pre-rendering and hydrating, because only the browser
 * knows it; render both variants with `dark:` classes rather than branching on it.
 */
export function useTheme() {
  const theme: Theme | undefined = useSyncExternalStore(subscribe, currentTheme, () => undefined);
  const toggleTheme = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
