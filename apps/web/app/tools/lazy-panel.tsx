import { type ComponentType, type ReactNode, use } from 'react';

type Module = { default: ComponentType };

/** A promise that says whether it has settled, the way React's `use` reads it (status/value/reason). */
type TrackedPromise = Promise<ComponentType> & {
  status: 'pending' | 'fulfilled' | 'rejected';
  value?: ComponentType;
  reason?: unknown;
};

export interface LazyPanel {
  (): ReactNode;
  /** Starts loading the panel's code (once) and resolves when it is ready. */
  preload: () => Promise<ComponentType>;
}

/**
 * Like React.lazy, with a difference that matters for pre-rendered pages: once the code has been
 * preloaded, the panel renders at once, so it hydrates together with the page. React.lazy always
 * suspends on its first render, which leaves the pre-rendered panel inert (clicks lost, typed text
 * reset) until React retries. `use` returns a promise's value at once when its status says fulfilled.
 */
export function lazyPanel(load: () => Promise<Module>): LazyPanel {
  let promise: TrackedPromise | undefined;
  const preload = (): TrackedPromise => {
    if (promise) return promise;
    const tracked = load().then(
      (module) => {
        tracked.status = 'fulfilled';
        tracked.value = module.default;
        return module.default;
      },
      (error: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = error;
        throw error;
      },
    ) as TrackedPromise;
    tracked.status = 'pending';
    promise = tracked;
    return tracked;
  };
  function Panel() {
    // React reads status/value itself; the cast only narrows our own optional fields for its types.
    const Component = use(preload() as Promise<ComponentType>);
    return <Component />;
  }
  return Object.assign(Panel, { preload });
}
