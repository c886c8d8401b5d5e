import { SIDEBAR_ATTRIBUTE, SIDEBAR_COOKIE } from './sidebar-state';
import { DARK_QUERY, THEME_COOKIE } from './theme';

/** Set on <html> by the boot script under /account, where the header is hidden (see shellVisibility). */
export const HEADER_ATTRIBUTE = 'data-header';

/**
 * The one inline script of the page, run in <head> before first paint: it applies the theme (cookie,
 * else system preference, else light), the sidebar's collapsed state, and under /account the header's
 * absence (the 404 fallback page served there paints a header), so none of them flashes. It mirrors
 * resolveTheme/parseSidebarOpen/shellVisibility, and the unit tests run this very string against those functions.
 * Its text is fixed at build time, so the server's Content-Security-Policy can allow it by hash.
 */
export const bootScript = `(function(d){try{var e=d.documentElement,c=d.cookie,m=c.match(/(?:^|;\\s*)${THEME_COOKIE}=(dark|light)(?:;|$)/),t=m?m[1]:window.matchMedia&&window.matchMedia('${DARK_QUERY}').matches?'dark':'light';if(t==='dark')e.classList.add('dark');if(/(?:^|;\\s*)${SIDEBAR_COOKIE}=false(?:;|$)/.test(c))e.setAttribute('${SIDEBAR_ATTRIBUTE}','collapsed');if(location.pathname.indexOf('/account')===0)e.setAttribute('${HEADER_ATTRIBUTE}','hidden')}catch(_){}})(document)`;
