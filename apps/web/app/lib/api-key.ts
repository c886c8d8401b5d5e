import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners';

/*
 * The API key a visitor pasted after a 401 (API.md "Operating it"): kept in this browser's
 * localStorage, sent with every try-it request, shown in the code samples. Never sent anywhere else.
 */

const storageKey = 'toolkit_api_key';
const listeners = createListeners();

function read(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

function write(key: string | null): void {
  try {
    if (key) window.localStorage.setItem(storageKey, key);
    else window.localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode): the key lasts as long as the page.
  }
  memory = key;
  listeners.notify();
}

let memory: string | null | undefined;

export const apiKeyStore = {
  get: (): string | null => {
    if (memory === undefined) memory = typeof window === 'undefined' ? null : read();
    return memory;
  },
  set: (key: string): void => write(key.trim() || null),
  clear: (): void => write(null),
  subscribe: listeners.subscribe,
};

/** The stored key; pre-rendered pages have none. */
export function useApiKey(): string | null {
  return useSyncExternalStore(apiKeyStore.subscribe, apiKeyStore.get, () => null);
}
