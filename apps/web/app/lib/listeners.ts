/**
 * The listeners of a small external store (read with useSyncExternalStore): `subscribe` is what React
 * is given, `notify` runs after every change.
 */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(): void {
      for (const listener of listeners) listener();
    },
  };
}
