import { afterEach, describe, expect, it } from 'vitest';
import { SHOW_WHEN_SHARED } from './shared-preview';

/** The placeholder as pre-rendered (hidden) with its script after it, run at the address `search`. */
function placeholderAt(search: string): HTMLElement | null {
  window.history.replaceState(null, '', `/docs/pipeline${search}`);
  document.body.innerHTML = '<div hidden>Loading</div><script></script><div>builder</div>';
  Object.defineProperty(document, 'currentScript', {
    value: document.querySelector('script'),
    configurable: true,
  });
  // The very text the pre-rendered page carries.
  new Function(SHOW_WHEN_SHARED)();
  return document.querySelector('div');
}

describe('the shared link, before the builder has loaded', () => {
  afterEach(() => {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    window.history.replaceState(null, '', '/');
  });

  it('shows the loading placeholder when the link has steps', () => {
    expect(placeholderAt('?input=file&s1=images%2Fresize&s1.width=200')?.hidden).toBe(false);
  });

  it('leaves the empty builder alone when the link has no steps', () => {
    expect(placeholderAt('?input=text&text=a')?.hidden).toBe(true);
    expect(placeholderAt('')?.hidden).toBe(true);
  });
});
