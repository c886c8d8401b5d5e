import { useSyncExternalStore } from 'react';
import { apiBaseUrl } from '~/lib/api-client';

/** The origin pre-rendered pages show until the browser knows its own: where `npm start` serves. */
export const PRERENDER_ORIGIN = 'http://localhost:3000';

const noSubscription = () => () => {};

/** An API URL as a visitor would call it from outside the page: absolute, on this site's origin. */
export function absoluteApiUrl(origin: string, path: string, base = apiBaseUrl): string {
  return /^https?:\/\//i.test(base) ? `${base}${path}` : `${origin}${base}${path}`;
}

/**
 * The full URL of an API path. The pre-rendered HTML cannot know the host, so it shows
 * PRERENDER_ORIGIN; after hydration the page's own origin replaces it.
 */
export function useApiUrl(path: string): string {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => PRERENDER_ORIGIN,
  );
  return absoluteApiUrl(origin, path);
}
