import { SIDEBAR_ATTRIBUTE, SIDEBAR_COOKIE } from './sidebar-state';
import { DARK_QUERY, THEME_COOKIE } from './theme';

/**
 * The one inline script of the page, run in <head> before first paint: it applies the theme (cookie,
 * else system preference, else light) and the sidebar's collapsed state, so neither flashes. It mirrors
 * resolveTheme/parseSidebarOpen, and the unit tests run this very string against those functions.
 * Its text is fixed at build time, so the server's Content-Security-Policy can allow it by hash.
 */
export const bootScript = `(function(d){try{var e=d.documentElement,c=d.cookie,m=c.match(/(?:^|;\\s*)${THEME_COOKIE}=(dark|light)(?:;|$)/),t=m?m[1]:window.matchMedia&&window.matchMedia('${DARK_QUERY}').matches?'dark':'light';if(t==='dark')e.classList.add('dark');if(/(?:^|;\\s*)${SIDEBAR_COOKIE}=false(?:;|$)/.test(c))e.setAttribute('${SIDEBAR_ATTRIBUTE}','collapsed')}catch(_){}})(document)`;
