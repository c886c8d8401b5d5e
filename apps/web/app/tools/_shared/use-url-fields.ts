import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/*
 * A panel's fields live in the page's address, so a link reproduces the panel as it was (issue 32):
 * each change replaces the address (no history entry per keystroke), and a page opened with them
 * restores them once it has hydrated (pre-rendered pages carry no address, so reading it while
 * rendering would not match the HTML). Files stay out; so does text longer than URL_TEXT_MAX_BYTES.
 * Other parameters (?job= of a running job) are left as they are.
 */

/** The longest text kept in the address, in UTF-8 bytes: a link stays a link, a pasted document stays out. */
export const URL_TEXT_MAX_BYTES = 2048;

/** The text itself when it is short enough for the address, else undefined. */
export function urlText(text: string): string | undefined {
  return new TextEncoder().encode(text).length <= URL_TEXT_MAX_BYTES ? text : undefined;
}

/** The parameters of `href` among `names`. */
export function fieldsInUrl(href: string, names: readonly string[]): Record<string, string> {
  const params = new URL(href).searchParams;
  const found: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) found[name] = value;
  }
  return found;
}

/**
 * `href` with the values that changed from `previous`: a value equal to its default (or undefined)
 * is left out, so an untouched panel keeps a clean address. Unchanged names are left alone, so two
 * hooks never undo each other's parameter.
 */
export function withFields(
  href: string,
  values: Readonly<Record<string, string | undefined>>,
  previous: Readonly<Record<string, string | undefined>>,
  defaults: Readonly<Record<string, string | undefined>>,
): string {
  const url = new URL(href);
  for (const [name, value] of Object.entries(values)) {
    if (value === previous[name]) continue;
    if (value === undefined || value === defaults[name]) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return url.href;
}

/**
 * Keeps `values` (each field as text; undefined: not in the address) in the page's address and, once
 * after hydration, hands `restore` those the address holds. The values of the first render are the
 * defaults. `restore` should leave alone a field the visitor changed before hydration (typed early).
 *
 * @example
 * useUrlFields({ size }, (found) => { if (found.size) setSize(found.size); });
 */
export function useUrlFields(
  values: Readonly<Record<string, string | undefined>>,
  restore: (found: Readonly<Record<string, string>>) => void,
): void {
  const defaults = useRef(values);
  const written = useRef(values);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const [restored, setRestored] = useState(false);

  // A layout effect: the restored fields are the first thing painted once the panel has hydrated.
  useLayoutEffect(() => {
    const found = fieldsInUrl(window.location.href, Object.keys(defaults.current));
    if (Object.keys(found).length > 0) restoreRef.current(found);
    setRestored(true);
  }, []);

  const key = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `values`.
  useEffect(() => {
    // Not before the restore: the defaults would erase the address being restored.
    if (!restored) return;
    const href = withFields(window.location.href, values, written.current, defaults.current);
    written.current = values;
    // The router's history state is kept as it is.
    if (href !== window.location.href) window.history.replaceState(window.history.state, '', href);
  }, [restored, key]);
}
