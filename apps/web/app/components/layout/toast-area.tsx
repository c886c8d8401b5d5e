import { type ComponentType, useSyncExternalStore } from 'react';

/*
 * The layout's toast area. The toaster's code (sonner) comes with the live tools, the only parts that
 * toast, so no page loads it before it is needed; once a tool has brought it, the area lives in the
 * layout, and a toast outlives a navigation to another page for its full 4 s.
 */

let toaster: ComponentType | undefined;
const listeners = new Set<() => void>();

/** Called by the providers of the live tools with their toaster: the layout renders it from then on. */
export function provideToaster(component: ComponentType): void {
  if (toaster === component) return;
  toaster = component;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastArea() {
  const Toaster = useSyncExternalStore(
    subscribe,
    () => toaster,
    () => undefined,
  );
  return Toaster ? <Toaster /> : null;
}
