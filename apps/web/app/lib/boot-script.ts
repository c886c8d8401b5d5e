import { SEARCH_KEYBOARD_SHORTCUT } from '~/components/layout/search/search-provider';
import { MOBILE_QUERY } from '~/hooks/use-mobile';
import { type EarlyActionsConfig, installEarlyActions } from './early-actions';
import { SIDEBAR_ATTRIBUTE, SIDEBAR_COOKIE, SIDEBAR_KEYBOARD_SHORTCUT, sidebarCookie } from './sidebar-state';
import { DARK_QUERY, THEME_COOKIE, themeCookie } from './theme';

/** Set on <html> by the boot script under /account, where the header is hidden (see shellVisibility). */
export const HEADER_ATTRIBUTE = 'data-header';

/**
 * On <html> once the root has hydrated and run its effects, and on each HydrationBoundary once its
 * part has (components/layout/hydration-boundary.tsx). Early actions wait for it (early-actions.ts).
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const HYDRATION_BOUNDARY_ATTRIBUTE = 'data-hydration-boundary';
/** On <html> while actions taken before hydration wait to be carried out. */
export const EARLY_PENDING_ATTRIBUTE = 'data-early-pending';
/** On a control whose click works in plain DOM before hydration: `theme` or `sidebar`. */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action';
/**
 * The id of a file input: on a button that opens it (the picker then opens at once before hydration)
 * and on a drop zone (files dropped before hydration go into it).
 */
export const FILE_INPUT_ATTRIBUTE = 'data-file-input';
/**
 * On a checkbox clicked before hydration: the state the visitor gave it (`true`/`false`). A panel may
 * take that state when it mounts and remove the attribute (useCheckedEarly); its waiting clicks are
 * then dropped rather than replayed.
 */
export const EARLY_CHECKED_ATTRIBUTE = 'data-early-checked';

const earlyActionsConfig = (): EarlyActionsConfig => ({
  installedFlag: '__earlyActions',
  hydratedAttribute: HYDRATED_ATTRIBUTE,
  boundaryAttribute: HYDRATION_BOUNDARY_ATTRIBUTE,
  pendingAttribute: EARLY_PENDING_ATTRIBUTE,
  actionAttribute: EARLY_ACTION_ATTRIBUTE,
  fileInputAttribute: FILE_INPUT_ATTRIBUTE,
  checkedAttribute: EARLY_CHECKED_ATTRIBUTE,
  darkClass: 'dark',
  sidebarAttribute: SIDEBAR_ATTRIBUTE,
  /** Serialized for document.cookie: [off, on] (light, dark; sidebar open, collapsed). */
  cookies: {
    theme: [themeCookie('light'), themeCookie('dark')] as const,
    sidebar: [sidebarCookie(true), sidebarCookie(false)] as const,
  },
  /** Present only on pages with the docs sidebar. */
  sidebarSelector: '[data-slot="sidebar-wrapper"]',
  mobileQuery: MOBILE_QUERY,
  searchKey: SEARCH_KEYBOARD_SHORTCUT,
  sidebarKey: SIDEBAR_KEYBOARD_SHORTCUT,
  /** Controls whose clicks are kept (links are not: they work as plain links). */
  controlSelector:
    'button,input[type="submit"],input[type="button"],input[type="checkbox"],input[type="radio"],' +
    ['button', 'checkbox', 'radio', 'switch', 'tab', 'combobox', 'menuitem', 'option']
      .map((role) => `[role="${role}"]`)
      .join(','),
});

/**
 * Applies the theme (cookie, else system preference, else light), the sidebar's collapsed state, and
 * under /account the header's absence (the 404 fallback page served there paints a header), so none
 * of them flashes. It mirrors resolveTheme/parseSidebarOpen/shellVisibility, and the unit tests run
 * this very string against those functions.
 */
const firstPaintScript = `(function(d){try{var e=d.documentElement,c=d.cookie,m=c.match(/(?:^|;\\s*)${THEME_COOKIE}=(dark|light)(?:;|$)/),t=m?m[1]:window.matchMedia&&window.matchMedia('${DARK_QUERY}').matches?'dark':'light';if(t==='dark')e.classList.add('dark');if(/(?:^|;\\s*)${SIDEBAR_COOKIE}=false(?:;|$)/.test(c))e.setAttribute('${SIDEBAR_ATTRIBUTE}','collapsed');if(location.pathname.indexOf('/account')===0)e.setAttribute('${HEADER_ATTRIBUTE}','hidden')}catch(_){}})(document);`;

/** Drops indentation (the function has no multi-line strings): every page carries this text. */
function compact(source: string): string {
  return source.replace(/\n\s+/g, '\n');
}

/**
 * The one inline script of the page, run in <head> before first paint: the first-paint state above,
 * then the listeners that keep what a visitor does before hydration (early-actions.ts). Its text is
 * fixed at build time, so the server's Content-Security-Policy can allow it by hash. Only the
 * pre-render needs it (in the browser it has run before any module): root.tsx uses it under
 * import.meta.env.SSR, and, the call being pure, the client bundle leaves it and early-actions.ts out.
 */
export const bootScript = /* @__PURE__ */ buildBootScript();

function buildBootScript(): string {
  const install = compact(installEarlyActions.toString());
  return `${firstPaintScript}try{(${install})(${JSON.stringify(earlyActionsConfig())})}catch(_){}`;
}
