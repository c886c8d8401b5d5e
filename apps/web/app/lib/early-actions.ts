/**
 * What the boot script hands in (boot-script.ts builds it from the shell's own constants; the type
 * lives here so that neither module imports the other twice over): attribute, class and flag names,
 * selectors, the mobile media query, the shortcut keys, and each toggle's cookie as [off, on].
 */
export type EarlyActionsConfig = Record<
  | 'installedFlag'
  | 'hydratedAttribute'
  | 'boundaryAttribute'
  | 'pendingAttribute'
  | 'actionAttribute'
  | 'fileInputAttribute'
  | 'checkedAttribute'
  | 'darkClass'
  | 'sidebarAttribute'
  | 'sidebarSelector'
  | 'mobileQuery'
  | 'searchKey'
  | 'sidebarKey'
  | 'controlSelector',
  string
> & { cookies: Record<'theme' | 'sidebar', readonly [string, string]> };

/**
 * Keeps what a visitor does before React has attached to the pre-rendered page, with public DOM
 * behaviour only (apps/web/ARCHITECTURE.md, "Before hydration"): clicks, form submissions and
 * Ctrl/Cmd+K/B are stopped and replayed as new events once their target is hydrated; the theme and
 * sidebar toggles act at once (an early Ctrl/Cmd+B stops there: the sidebar provider may listen
 * already, as child effects run before the root marks itself hydrated); file pickers open at once;
 * dropped files go into the zone's file input (with a change event, in case React listens there
 * already). Typed text needs nothing here. A checkbox shows its new state at once and carries it in
 * `config.checkedAttribute`: a panel that takes it at mount removes the attribute, and the waiting
 * clicks are dropped; otherwise each gets the old state back just before it is replayed.
 *
 * It runs inside the inline boot script, so it is self-contained (everything comes in `config`), and
 * its text ships in every page: comments stay out of its body.
 */
export function installEarlyActions(config: EarlyActionsConfig): void {
  const w = window as unknown as Record<string, unknown> & Window;
  if (w[config.installedFlag]) return;
  w[config.installedFlag] = true;
  const d = document;
  const root = d.documentElement;
  const queue: { target: HTMLElement; replay: () => void }[] = [];
  const waiting = `[${config.boundaryAttribute}]:not([${config.hydratedAttribute}])`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let replaying = false;

  const isLive = (el: Element) => root.hasAttribute(config.hydratedAttribute) && !el.closest?.(waiting);
  const held = (el: Element) => !replaying && (queue.length > 0 || !isLive(el));
  const wide = () => !w.matchMedia?.(config.mobileQuery).matches;
  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const toggle = (name: 'theme' | 'sidebar') => {
    const on =
      name === 'theme'
        ? root.classList.toggle(config.darkClass)
        : root.getAttribute(config.sidebarAttribute) !== 'collapsed';
    if (name === 'sidebar') root.setAttribute(config.sidebarAttribute, on ? 'collapsed' : 'expanded');
    // biome-ignore lint/suspicious/noDocumentCookie: the same synchronous write as lib/cookies.ts.
    d.cookie = config.cookies[name][on ? 1 : 0];
  };

  const flush = () => {
    timer = undefined;
    const action = queue[0];
    if (!action || (action.target.isConnected && !isLive(action.target))) return;
    queue.shift();
    action.target.removeAttribute('aria-busy');
    replaying = true;
    try {
      if (action.target.isConnected) action.replay();
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    } finally {
      replaying = false;
    }
    if (queue.length) schedule();
    else root.removeAttribute(config.pendingAttribute);
  };
  function schedule() {
    if (timer === undefined && queue.length) timer = setTimeout(flush, 0);
  }
  const enqueue = (event: Event, target: HTMLElement, replay: () => void) => {
    stop(event);
    queue.push({ target, replay });
    root.setAttribute(config.pendingAttribute, '');
    schedule();
  };
  const listen = (type: string, handler: (event: Event) => void) =>
    w.addEventListener(type, handler, { capture: true });

  listen('click', (event) => {
    const control = (event.target as Element | null)?.closest?.(config.controlSelector) as HTMLElement;
    if (!control || (control as HTMLButtonElement).disabled || !held(control)) return;
    const action = control.getAttribute(config.actionAttribute);
    const input = d.getElementById(control.getAttribute(config.fileInputAttribute) ?? '');
    if ((action === 'theme' || (action === 'sidebar' && wide())) && !isLive(control)) {
      stop(event);
      toggle(action);
      return;
    }
    if (input) {
      stop(event);
      input.click();
      return;
    }
    const role = control.getAttribute('role');
    const checked = role === 'checkbox' || role === 'switch' ? control.getAttribute('aria-checked') : null;
    const marks = Array.from(control.querySelectorAll<HTMLElement>('[data-state]'));
    const show = (on: string, state: string | null) => {
      control.setAttribute('aria-checked', on);
      if (state) control.setAttribute('data-state', state);
      for (const mark of marks) mark.style.visibility = on === 'false' ? 'hidden' : '';
    };
    const state = control.getAttribute('data-state');
    if (checked === 'true') show('false', state && 'unchecked');
    if (checked === 'false') show('true', state && 'checked');
    const pointerType = (event as PointerEvent).pointerType;
    const press = () => {
      const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true };
      const pointer = { ...init, pointerType, pointerId: 1 };
      const pointers = pointerType && typeof PointerEvent === 'function';
      if (pointers) control.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
      if (pointerType) control.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
      if (pointers) control.dispatchEvent(new PointerEvent('pointerup', pointer));
      if (pointerType) control.dispatchEvent(new MouseEvent('mouseup', init));
      control.click();
    };
    if (checked) control.setAttribute(config.checkedAttribute, checked === 'true' ? 'false' : 'true');
    const replay = () => {
      if (checked) {
        if (!control.hasAttribute(config.checkedAttribute)) return;
        if (!queue.some((action) => action.target === control))
          control.removeAttribute(config.checkedAttribute);
        show(checked, state);
      }
      press();
    };
    enqueue(event, control, replay);
    control.setAttribute('aria-busy', 'true');
  });

  const carriesFiles = (event: Event) =>
    Array.prototype.indexOf.call((event as DragEvent).dataTransfer?.types ?? [], 'Files') !== -1;
  const allowDrop = (event: Event) => {
    if (carriesFiles(event) && !isLive(event.target as Element)) event.preventDefault();
  };
  listen('dragenter', allowDrop);
  listen('dragover', allowDrop);
  listen('drop', (event) => {
    const target = event.target as Element;
    if (!carriesFiles(event) || isLive(target)) return;
    stop(event);
    const zone = target.closest?.(`[${config.fileInputAttribute}]`);
    const input = d.getElementById(zone?.getAttribute(config.fileInputAttribute) ?? '') as HTMLInputElement;
    const files = (event as DragEvent).dataTransfer?.files;
    if (!input || !files) return;
    input.files = files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });

  listen('keydown', (event) => {
    const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event as KeyboardEvent;
    const name = key?.toLowerCase();
    if (!(ctrlKey || metaKey) || altKey || shiftKey || !held(root)) return;
    if (name !== config.searchKey && name !== config.sidebarKey) return;
    if (name === config.sidebarKey && !d.querySelector(config.sidebarSelector)) return;
    if (name === config.sidebarKey && wide() && !isLive(root)) {
      stop(event);
      toggle('sidebar');
      return;
    }
    const init = { bubbles: true, cancelable: true, key, code, ctrlKey, metaKey };
    enqueue(event, d.body, () => d.body.dispatchEvent(new KeyboardEvent('keydown', init)));
  });

  new MutationObserver(schedule).observe(root, {
    attributes: true,
    subtree: true,
    attributeFilter: [config.hydratedAttribute],
  });
}
