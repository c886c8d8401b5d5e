import { afterEach, beforeAll } from 'vitest';
import { bootScript, EARLY_PENDING_ATTRIBUTE, HYDRATED_ATTRIBUTE } from '../app/lib/boot-script';

// The boot script's listeners, run as the page runs them (the very string of the inline script),
// against plain DOM standing in for the pre-rendered page. "Hydrating" is what the root layout and
// HydrationBoundary do: set the hydrated attribute; React's own mark on an element is its props key.
// Shared by the early-actions tests (app/lib/early-actions*.test.ts).

export const root = document.documentElement;

export function hydrate(element: Element = root): void {
  element.setAttribute(HYDRATED_ATTRIBUTE, '');
}

/** What React leaves on an element it has hydrated. */
export function markReactOwned(element: Element): void {
  Object.assign(element, { __reactProps$test: {} });
}

/** Lets the MutationObserver and the replay timer run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 60));
}

export function mount(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

export function counter(element: EventTarget, type: string) {
  const seen: Event[] = [];
  element.addEventListener(type, (event) => seen.push(event));
  return seen;
}

/** Installs the boot script once for the file, and puts the page back after each test. */
export function installBootScriptPerFile(): void {
  beforeAll(() => {
    new Function(bootScript)();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    root.removeAttribute(HYDRATED_ATTRIBUTE);
    root.removeAttribute(EARLY_PENDING_ATTRIBUTE);
  });
}
