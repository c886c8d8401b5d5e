import { type ComponentType, useSyncExternalStore } from 'react';
import { createListeners } from '~/lib/listeners';

/*
 * The layout's toast area. The toaster's code (sonner) comes with the live tools, the only parts that
 * toast, so no page loads it before it is needed; once a tool has brought it, the area lives in the
 * layout, and a toast outlives a navigation to another page for its full 4 s.
 */

let toaster: ComponentType | undefined;
const listeners = createListeners();

/** Called by the providers of the live tools with their toaster: the layout renders it from then on. */
export function provideToaster(component: ComponentType): void {
  if (toaster === component) return;
  toaster = component;
  listeners.notify();
}

export function ToastArea() {
  const Toaster = useSyncExternalStore(
    listeners.subscribe,
    () => toaster,
    () => undefined,
  );
  return Toaster ? <Toaster /> : null;
}
