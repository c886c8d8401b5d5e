import { readCookie, serializeCookie } from './cookies';

export type Theme = 'light' | 'dark';

/** Cookie that stores the visitor's choice (specification §9: b_theme, path /). */
export const THEME_COOKIE = 'b_theme';
/** A year: the choice should outlive the session, and the specification sets no lifetime. */
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseTheme(value: string | undefined): Theme | undefined {
  return value === 'dark' || value === 'light' ? value : undefined;
}

/** Initial theme: the stored preference, else the system's dark-mode preference, else light. */
export function resolveTheme(cookieValue: string | undefined, prefersDark: boolean | undefined): Theme {
  return parseTheme(cookieValue) ?? (prefersDark ? 'dark' : 'light');
}

export function themeCookie(theme: Theme): string {
  return serializeCookie(THEME_COOKIE, theme, { path: '/', maxAge: THEME_COOKIE_MAX_AGE });
}

/** The stored preference, if the visitor has made one. */
export function storedTheme(cookieString: string): Theme | undefined {
  return parseTheme(readCookie(cookieString, THEME_COOKIE));
}

/** Sets or removes the `dark` class on <html>, which every dark style keys on. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
}

export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.classList.contains('dark') ? 'dark' : 'light';
}
