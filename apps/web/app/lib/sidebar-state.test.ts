import { describe, expect, it } from 'vitest';
import { bootScript } from './boot-script';
import { writeCookie } from './cookies';
import {
  getSidebarOpen,
  parseSidebarOpen,
  SIDEBAR_COOKIE,
  SIDEBAR_COOKIE_MAX_AGE,
  setSidebarOpen,
  sidebarCookie,
  storedSidebarOpen,
  subscribeSidebar,
} from './sidebar-state';

describe('sidebar state cookie', () => {
  it('is sidebar_state, lives 7 days (604800 s) on path /', () => {
    expect(SIDEBAR_COOKIE).toBe('sidebar_state');
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(sidebarCookie(false).split('; ')).toEqual(
      expect.arrayContaining(['sidebar_state=false', 'max-age=604800', 'path=/']),
    );
  });

  it('is expanded unless the cookie says false', () => {
    expect(parseSidebarOpen(undefined)).toBe(true);
    expect(parseSidebarOpen('true')).toBe(true);
    expect(parseSidebarOpen('false')).toBe(false);
    expect(parseSidebarOpen('nonsense')).toBe(true);
  });

  it('setSidebarOpen stores the state, marks <html> and notifies subscribers', () => {
    let notified = 0;
    const unsubscribe = subscribeSidebar(() => {
      notified += 1;
    });
    setSidebarOpen(false);
    expect(storedSidebarOpen(document.cookie)).toBe(false);
    expect(document.documentElement.getAttribute('data-sidebar')).toBe('collapsed');
    expect(getSidebarOpen()).toBe(false);
    setSidebarOpen(true);
    expect(storedSidebarOpen(document.cookie)).toBe(true);
    expect(getSidebarOpen()).toBe(true);
    expect(notified).toBe(2);
    unsubscribe();
  });

  it('the boot script restores a collapsed sidebar before first paint', () => {
    writeCookie(sidebarCookie(false));
    new Function(bootScript)();
    expect(document.documentElement.getAttribute('data-sidebar')).toBe('collapsed');
  });

  it('the boot script leaves an expanded sidebar alone', () => {
    writeCookie(sidebarCookie(true));
    new Function(bootScript)();
    expect(document.documentElement.hasAttribute('data-sidebar')).toBe(false);
  });
});
