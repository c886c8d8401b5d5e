import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { writeCookie } from '../app/lib/cookies';

// jsdom lacks these browser APIs; cmdk and Radix call them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

/** A matchMedia whose answers tests can set: `setMedia({ dark: true, mobile: false })`. */
const media = { dark: false, mobile: false };
export function setMedia(values: Partial<typeof media>): void {
  Object.assign(media, values);
}
window.matchMedia = (query: string) =>
  ({
    matches: query.includes('prefers-color-scheme: dark')
      ? media.dark
      : query.includes('max-width')
        ? media.mobile
        : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  cleanup();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) writeCookie(`${name}=; path=/; max-age=0`);
  }
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-sidebar');
  setMedia({ dark: false, mobile: false });
  // Panels keep their fields in the address (use-url-fields.ts): the next test starts from none.
  window.history.replaceState(null, '', window.location.pathname);
});
