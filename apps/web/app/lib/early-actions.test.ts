import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setMedia } from '../../test/setup';
import {
  bootScript,
  EARLY_ACTION_ATTRIBUTE,
  EARLY_CHECKED_ATTRIBUTE,
  EARLY_PENDING_ATTRIBUTE,
  FILE_INPUT_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  HYDRATION_BOUNDARY_ATTRIBUTE,
} from './boot-script';
import { storedSidebarOpen } from './sidebar-state';
import { storedTheme } from './theme';

// The boot script's listeners, run as the page runs them (the very string of the inline script),
// against plain DOM standing in for the pre-rendered page. "Hydrating" is what the root layout and
// HydrationBoundary do: set the hydrated attribute. (Text typed and files chosen before hydration:
// tools/_shared/use-early-input.test.tsx.)

const root = document.documentElement;

function hydrate(element: Element = root): void {
  element.setAttribute(HYDRATED_ATTRIBUTE, '');
}

/** Lets the MutationObserver and the replays (one per task) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

function mount(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

function counter(element: EventTarget, type: string) {
  const seen: Event[] = [];
  element.addEventListener(type, (event) => seen.push(event));
  return seen;
}

beforeAll(() => {
  new Function(bootScript)();
});
afterEach(() => {
  document.body.innerHTML = '';
  root.removeAttribute(HYDRATED_ATTRIBUTE);
  root.removeAttribute(EARLY_PENDING_ATTRIBUTE);
});

describe('before hydration', () => {
  it('keeps a click and carries it out once, when the root has hydrated', async () => {
    const button = mount('<button type="button">Open menu</button>').querySelector('button');
    if (!button) throw new Error('no button');
    const clicks = counter(button, 'click');
    button.click();
    expect(clicks).toHaveLength(0);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(true);

    hydrate();
    await settle();
    expect(clicks).toHaveLength(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);

    button.click();
    expect(clicks).toHaveLength(2);
  });

  it('waits, inside hydration boundaries, for every enclosing boundary to be hydrated too', async () => {
    const container = mount(
      `<div ${HYDRATION_BOUNDARY_ATTRIBUTE}><div ${HYDRATION_BOUNDARY_ATTRIBUTE}><button>Convert</button></div></div>`,
    );
    const [outer, inner] = Array.from(container.querySelectorAll(`[${HYDRATION_BOUNDARY_ATTRIBUTE}]`));
    const button = container.querySelector('button') as HTMLButtonElement;
    const clicks = counter(button, 'click');
    button.click();

    hydrate();
    await settle();
    expect(clicks).toHaveLength(0);
    hydrate(outer as Element);
    await settle();
    expect(clicks).toHaveLength(0);
    hydrate(inner as Element);
    await settle();
    expect(clicks).toHaveLength(1);
    await settle();
    expect(clicks).toHaveLength(1);
  });

  it("keeps a submit button's click (Enter in a field clicks it too): no native submission, then one", async () => {
    const container = mount('<form><input name="q"><button type="submit">Go</button></form>');
    const form = container.querySelector('form') as HTMLFormElement;
    const submits = counter(form, 'submit');
    form.addEventListener('submit', (event) => event.preventDefault());
    container.querySelector('button')?.click();
    expect(submits).toHaveLength(0);
    hydrate();
    await settle();
    expect(submits).toHaveLength(1);
  });

  it('replays Ctrl+K once as a keydown the page listens for', async () => {
    const keys = counter(window, 'keydown');
    const early = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(keys).toHaveLength(0);
    hydrate();
    await settle();
    expect(keys).toHaveLength(1);
    const replayed = keys[0] as KeyboardEvent;
    expect([replayed.key, replayed.ctrlKey, replayed.shiftKey]).toEqual(['k', true, false]);
  });

  it('leaves other keys, links and disabled buttons alone', async () => {
    const container = mount('<a href="#x">Link</a><button disabled>Coming Soon</button>');
    const link = container.querySelector('a') as HTMLAnchorElement;
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);
    const other = new KeyboardEvent('keydown', { key: 'k', bubbles: true, cancelable: true });
    document.body.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  it('a label click reaches its checkbox: shown checked at once, replayed as one click', async () => {
    const container = mount(
      '<label for="c">Keep ratio</label><button id="c" role="checkbox" aria-checked="true" data-state="checked"><span data-state="checked">✓</span></button>',
    );
    const box = container.querySelector('button') as HTMLButtonElement;
    const mark = box.querySelector('span') as HTMLSpanElement;
    const seen: string[] = [];
    box.addEventListener('click', () => seen.push(`click:${box.getAttribute('aria-checked')}`));

    container.querySelector('label')?.click();
    expect([box.getAttribute('aria-checked'), box.getAttribute('data-state')]).toEqual([
      'false',
      'unchecked',
    ]);
    expect(mark.style.visibility).toBe('hidden');
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(seen).toEqual([]);

    hydrate();
    await settle();
    // The page's handler sees the click of an unchanged control, as it would have after hydration.
    expect(seen).toEqual(['click:true']);
    expect(mark.style.visibility).toBe('');
    expect(box.hasAttribute('aria-busy')).toBe(false);
  });

  it('a checkbox carries the state it shows; once the page has taken it, the waiting clicks are dropped', async () => {
    const container = mount(
      '<button id="c" role="checkbox" aria-checked="true" data-state="checked"></button>',
    );
    const box = container.querySelector('button') as HTMLButtonElement;
    const clicks = counter(box, 'click');
    box.click();
    box.click();
    box.click();
    expect([box.getAttribute('aria-checked'), box.getAttribute(EARLY_CHECKED_ATTRIBUTE)]).toEqual([
      'false',
      'false',
    ]);
    // What useCheckedEarly does at mount.
    box.removeAttribute(EARLY_CHECKED_ATTRIBUTE);
    hydrate();
    await settle();
    expect(clicks).toHaveLength(0);
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(box.hasAttribute('aria-busy')).toBe(false);
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  it('a checkbox clicked twice and not taken: both clicks replayed, each from the state before it', async () => {
    const container = mount(
      '<button id="c" role="checkbox" aria-checked="true" data-state="checked"></button>',
    );
    const box = container.querySelector('button') as HTMLButtonElement;
    const seen: string[] = [];
    box.addEventListener('click', () => {
      seen.push(`click:${box.getAttribute('aria-checked')}`);
      // The page's handler toggles it, as React would.
      box.setAttribute('aria-checked', box.getAttribute('aria-checked') === 'true' ? 'false' : 'true');
    });
    box.click();
    box.click();
    expect(box.getAttribute(EARLY_CHECKED_ATTRIBUTE)).toBe('true');
    hydrate();
    await settle();
    expect(seen).toEqual(['click:true', 'click:false']);
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(box.hasAttribute(EARLY_CHECKED_ATTRIBUTE)).toBe(false);
  });

  it('replays a pointer click as the whole press (some controls act on pointerdown)', async () => {
    // jsdom has no PointerEvent: a MouseEvent that carries a pointerType stands in for it.
    class PointerEventStub extends MouseEvent {
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? '';
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventStub);
    const button = mount('<button role="tab">Python</button>').querySelector('button') as HTMLButtonElement;
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
      button.addEventListener(type, () => seen.push(type));
    }
    button.dispatchEvent(
      new PointerEvent('click', { bubbles: true, cancelable: true, pointerType: 'mouse' }),
    );
    expect(seen).toEqual([]);
    hydrate();
    await settle();
    expect(seen).toEqual(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
    vi.unstubAllGlobals();
  });

  it('an action where the page is already live waits behind earlier ones, so the order is kept', async () => {
    hydrate();
    const container = mount(
      `<div ${HYDRATION_BOUNDARY_ATTRIBUTE}><button id="a">Choose</button></div><button id="b">Header</button>`,
    );
    const [a, b] = Array.from(container.querySelectorAll('button'));
    if (!a || !b) throw new Error('no buttons');
    const order: string[] = [];
    a.addEventListener('click', () => order.push('a'));
    b.addEventListener('click', () => order.push('b'));
    a.click();
    b.click();
    expect(order).toEqual([]);
    hydrate(container.firstElementChild as Element);
    await settle();
    expect(order).toEqual(['a', 'b']);
    b.click();
    expect(order).toEqual(['a', 'b', 'b']);
  });

  it('replays one action per task, so the page renders in between', async () => {
    const container = mount('<button id="a">A</button><button id="b">B</button>');
    const order: string[] = [];
    for (const button of Array.from(container.querySelectorAll('button'))) {
      button.addEventListener('click', () => {
        order.push(button.id);
        queueMicrotask(() => order.push(`${button.id} rendered`));
      });
      button.click();
    }
    hydrate();
    await settle();
    expect(order).toEqual(['a', 'a rendered', 'b', 'b rendered']);
  });

  it('opens a file picker at once (browsers refuse it later), and does not replay the click', async () => {
    const container = mount(
      `<button type="button" ${FILE_INPUT_ATTRIBUTE}="pick">Select file</button><input id="pick" type="file" hidden>`,
    );
    const button = container.querySelector('button') as HTMLButtonElement;
    const input = container.querySelector('input') as HTMLInputElement;
    const opened = vi.fn();
    input.addEventListener('click', (event) => {
      event.preventDefault();
      opened();
    });
    const clicks = counter(button, 'click');
    button.click();
    expect(opened).toHaveBeenCalledTimes(1);
    hydrate();
    await settle();
    expect(clicks).toHaveLength(0);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("a drop of files where the page is not live puts them into the zone's file input", async () => {
    const container = mount(
      `<fieldset ${FILE_INPUT_ATTRIBUTE}="zone-input"><h3>Drop here</h3><input id="zone-input" type="file" hidden></fieldset>`,
    );
    const input = container.querySelector('input') as HTMLInputElement;
    // jsdom has no DataTransfer: the input's files stand for the dropped ones, and record the handover.
    const handed: unknown[] = [];
    Object.defineProperty(input, 'files', { set: (files) => handed.push(files), configurable: true });
    const changes = counter(input, 'change');
    const drops = counter(container, 'drop');
    const files = ['photo.png'];
    const drag = (type: string) =>
      Object.assign(new Event(type, { bubbles: true, cancelable: true }), {
        dataTransfer: { types: ['Files'], files },
      });

    const over = drag('dragover');
    container.querySelector('h3')?.dispatchEvent(over);
    // Allowed, or the browser would not drop there; and its default (opening the file) prevented.
    expect(over.defaultPrevented).toBe(true);
    const drop = drag('drop');
    container.querySelector('h3')?.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(handed).toEqual([files]);
    expect(changes).toHaveLength(1);
    expect(drops).toHaveLength(0);

    hydrate();
    await settle();
    expect(drops).toHaveLength(0);
    const live = drag('drop');
    container.querySelector('h3')?.dispatchEvent(live);
    expect([live.defaultPrevented, drops.length, handed.length]).toEqual([false, 1, 1]);
  });
});

describe('controls that work without React', () => {
  it('the theme toggle switches the class and the b_theme cookie at once, and is not replayed', async () => {
    const button = mount(`<button ${EARLY_ACTION_ATTRIBUTE}="theme">Toggle theme</button>`).querySelector(
      'button',
    ) as HTMLButtonElement;
    const clicks = counter(button, 'click');
    button.click();
    expect(root.classList.contains('dark')).toBe(true);
    expect(storedTheme(document.cookie)).toBe('dark');
    button.click();
    expect(root.classList.contains('dark')).toBe(false);
    expect(storedTheme(document.cookie)).toBe('light');
    hydrate();
    await settle();
    expect(clicks).toHaveLength(0);
  });

  it('the sidebar toggle and Ctrl+B collapse the sidebar and store sidebar_state on wide screens', () => {
    const button = mount(
      `<div data-slot="sidebar-wrapper"><button ${EARLY_ACTION_ATTRIBUTE}="sidebar">Toggle sidebar</button></div>`,
    ).querySelector('button') as HTMLButtonElement;
    button.click();
    expect(root.getAttribute('data-sidebar')).toBe('collapsed');
    expect(storedSidebarOpen(document.cookie)).toBe(false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', metaKey: true, bubbles: true }));
    expect(root.getAttribute('data-sidebar')).toBe('expanded');
    expect(storedSidebarOpen(document.cookie)).toBe(true);
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  it('Ctrl+B toggles once when the sidebar provider listens before the root is marked hydrated', () => {
    mount('<div data-slot="sidebar-wrapper"></div>');
    // React runs a child's effects before its parent's: the provider's listener exists first.
    const providerToggles = counter(window, 'keydown');
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, bubbles: true, cancelable: true }),
    );
    expect(root.getAttribute('data-sidebar')).toBe('collapsed');
    expect(providerToggles).toHaveLength(0);
  });

  it('on narrow screens the sidebar toggle opens the sheet, which needs React: kept for later', async () => {
    setMedia({ mobile: true });
    const button = mount(
      `<div data-slot="sidebar-wrapper"><button ${EARLY_ACTION_ATTRIBUTE}="sidebar">Toggle sidebar</button></div>`,
    ).querySelector('button') as HTMLButtonElement;
    const clicks = counter(button, 'click');
    button.click();
    expect(root.hasAttribute('data-sidebar')).toBe(false);
    hydrate();
    await settle();
    expect(clicks).toHaveLength(1);
  });

  it('Ctrl+B does nothing on a page without the sidebar', () => {
    const key = new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(false);
    expect(root.hasAttribute('data-sidebar')).toBe(false);
  });
});
