import { readCookie, serializeCookie, writeCookie } from './cookies';
import { createListeners } from './listeners';

/** Cookie that stores whether the docs sidebar is expanded (specification §9). */
export const SIDEBAR_COOKIE = 'sidebar_state';
/** Seven days, in seconds. */
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** Ctrl/Cmd + this key toggles the sidebar. */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/**
 * Attribute on <html> that holds the collapsed state. It is set before first paint by the inline
 * boot script, so a collapsed sidebar never flashes open while the page hydrates.
 */
export const SIDEBAR_ATTRIBUTE = 'data-sidebar';

/** Expanded unless the cookie says otherwise. */
export function parseSidebarOpen(cookieValue: string | undefined): boolean {
  return cookieValue !== 'false';
}

export function storedSidebarOpen(cookieString: string): boolean {
  return parseSidebarOpen(readCookie(cookieString, SIDEBAR_COOKIE));
}

export function sidebarCookie(open: boolean): string {
  return serializeCookie(SIDEBAR_COOKIE, String(open), { path: '/', maxAge: SIDEBAR_COOKIE_MAX_AGE });
}

const listeners = createListeners();
export const subscribeSidebar = listeners.subscribe;

export function getSidebarOpen(): boolean {
  return document.documentElement.getAttribute(SIDEBAR_ATTRIBUTE) !== 'collapsed';
}

/** Expands or collapses the desktop sidebar and remembers the choice for seven days. */
export function setSidebarOpen(open: boolean): void {
  document.documentElement.setAttribute(SIDEBAR_ATTRIBUTE, open ? 'expanded' : 'collapsed');
  writeCookie(sidebarCookie(open));
  listeners.notify();
}
