import { describe, expect, it } from 'vitest';
import { setMedia } from '../../test/setup';
import { bootScript } from './boot-script';
import { writeCookie } from './cookies';
import { applyTheme, currentTheme, resolveTheme, storedTheme, THEME_COOKIE, themeCookie } from './theme';

function runBootScript(): void {
  new Function(bootScript)();
}

describe('resolveTheme', () => {
  it('prefers the stored cookie over the system preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('falls back to the system preference, then to light', () => {
    expect(resolveTheme(undefined, true)).toBe('dark');
    expect(resolveTheme(undefined, false)).toBe('light');
    expect(resolveTheme(undefined, undefined)).toBe('light');
  });

  it('ignores a cookie value that is not a theme', () => {
    expect(resolveTheme('purple', true)).toBe('dark');
    expect(resolveTheme('', false)).toBe('light');
  });
});

describe('theme cookie', () => {
  it('is b_theme with path /', () => {
    expect(THEME_COOKIE).toBe('b_theme');
    const cookie = themeCookie('dark');
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['b_theme=dark', 'path=/']));
  });

  it('round-trips through document.cookie', () => {
    writeCookie(themeCookie('dark'));
    expect(storedTheme(document.cookie)).toBe('dark');
    writeCookie(themeCookie('light'));
    expect(storedTheme(document.cookie)).toBe('light');
  });

  it('sets and removes the dark class on <html>', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(currentTheme()).toBe('dark');
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(currentTheme()).toBe('light');
  });
});

describe('boot script (runs in <head> before first paint)', () => {
  const cases = [
    { cookie: undefined, dark: false, expected: 'light' },
    { cookie: undefined, dark: true, expected: 'dark' },
    { cookie: 'dark', dark: false, expected: 'dark' },
    { cookie: 'light', dark: true, expected: 'light' },
  ] as const;

  for (const { cookie, dark, expected } of cases) {
    it(`applies ${expected} for cookie=${cookie ?? 'none'}, system dark=${dark}`, () => {
      if (cookie) writeCookie('other=1; path=/');
      if (cookie) writeCookie(themeCookie(cookie));
      setMedia({ dark });
      runBootScript();
      expect(currentTheme()).toBe(expected);
      expect(currentTheme()).toBe(resolveTheme(cookie, dark));
    });
  }

  it('does not mistake a cookie whose name ends in b_theme for the theme', () => {
    writeCookie('xb_theme=dark; path=/');
    runBootScript();
    expect(currentTheme()).toBe('light');
  });
});
