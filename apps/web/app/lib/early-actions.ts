/**
 * What a visitor does before React has attached to the pre-rendered page, kept and carried out once
 * it has, using only public DOM behaviour. `installEarlyActions` runs inside the inline boot script
 * (boot-script.ts), so it must be self-contained (no imports, no outer variables: everything comes in
 * `config`), and its text ships in every page, so the reasons are written here, not in its body.
 *
 * - A target is live once the root has marked <html> hydrated (root.tsx) and no enclosing
 *   HydrationBoundary is still without its mark (components/layout/hydration-boundary.tsx).
 * - A click on a control, a form submission, and Ctrl/Cmd+K or +B that land where the page is not
 *   live are stopped before the browser's default (a native submission would reload the page) and
 *   queued. Once the target is live they are replayed as new events, in order, one per task so React
 *   renders in between; while anything waits, later actions wait behind it. A queued control says
 *   aria-busy (it never looks disabled); a checkbox shows its new state at once and gets its old one
 *   back just before the replayed click. A pointer click is replayed as the whole press: Radix tabs,
 *   menus and selects act on pointerdown, not on click.
 * - Text typed and files chosen need no replay: they stay in the DOM, and the fields read them when
 *   they mount (tools/_shared/use-early-input.ts). A file dropped where the page is not live is put
 *   into the drop zone's file input (the browser would otherwise open the file in place of the page),
 *   with a change event in case React is already listening there.
 * - Controls that need no React act at once, as their React handlers would: the theme toggle and, on
 *   wide screens, the sidebar toggle and Ctrl/Cmd+B (class or attribute on <html> plus the cookie; the
 *   React stores read both back; an early Ctrl/Cmd+B stops there, as the sidebar provider may already
 *   listen: child effects run before the root marks itself hydrated). A button that opens a file
 *   picker opens it at once: browsers show a picker only shortly after the click.
 */

export interface EarlyActionsConfig {
  /** Global flag that keeps the listeners from being installed twice. */
  installedFlag: string;
  hydratedAttribute: string;
  boundaryAttribute: string;
  /** On <html> while queued actions wait. */
  pendingAttribute: string;
  /** On a control whose click works in plain DOM: `theme` or `sidebar`. */
  actionAttribute: string;
  /** The id of the file input that a button opens, or that files dropped on an element go to. */
  fileInputAttribute: string;
  darkClass: string;
  /** Serialized cookies, ready for document.cookie. */
  themeCookies: { dark: string; light: string };
  sidebarCookies: { open: string; closed: string };
  sidebarAttribute: string;
  /** Present only on pages with the docs sidebar. */
  sidebarSelector: string;
  mobileQuery: string;
  searchKey: string;
  sidebarKey: string;
  /** Controls whose clicks are kept (links are not: they work as plain links). */
  controlSelector: string;
}

export function installEarlyActions(config: EarlyActionsConfig): void {
  const w = window as unknown as Record<string, unknown> & Window;
  if (w[config.installedFlag]) return;
  w[config.installedFlag] = true;
  const d = document;
  const root = d.documentElement;
  const queue: { target: Element; replay: () => void; restore?: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let replaying = false;
  const waiting = `[${config.boundaryAttribute}]:not([${config.hydratedAttribute}])`;

  const isLive = (el: Element) => root.hasAttribute(config.hydratedAttribute) && !el.closest?.(waiting);
  const held = (el: Element) => !replaying && (queue.length > 0 || !isLive(el));
  const isMobile = () => Boolean(w.matchMedia?.(config.mobileQuery).matches);

  const stop = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };

  const setBusy = (el: Element, busy: boolean) => {
    if (busy) el.setAttribute('aria-busy', 'true');
    else el.removeAttribute('aria-busy');
    const style = (el as HTMLElement).style;
    if (style) style.cursor = busy ? 'progress' : '';
  };

  const setCookie = (value: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the same synchronous write as lib/cookies.ts.
    d.cookie = value;
  };

  const toggleTheme = () => {
    const dark = !root.classList.contains(config.darkClass);
    root.classList.toggle(config.darkClass, dark);
    setCookie(dark ? config.themeCookies.dark : config.themeCookies.light);
  };

  const toggleSidebar = () => {
    const open = root.getAttribute(config.sidebarAttribute) === 'collapsed';
    root.setAttribute(config.sidebarAttribute, open ? 'expanded' : 'collapsed');
    setCookie(open ? config.sidebarCookies.open : config.sidebarCookies.closed);
  };

  const press = (target: HTMLElement, pointerType: string) => {
    if (pointerType) {
      const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true };
      const pointer = { ...init, pointerType, pointerId: 1 };
      const pointers = typeof PointerEvent === 'function';
      if (pointers) target.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
      target.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
      if (pointers) target.dispatchEvent(new PointerEvent('pointerup', pointer));
      target.dispatchEvent(new MouseEvent('mouseup', init));
    }
    target.click();
  };

  const flush = () => {
    timer = undefined;
    const action = queue[0];
    if (!action || (action.target.isConnected && !isLive(action.target))) return;
    queue.shift();
    setBusy(action.target, false);
    action.restore?.();
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

  const enqueue = (event: Event, target: Element, replay: () => void, restore?: () => void) => {
    stop(event);
    queue.push({ target, replay, restore });
    root.setAttribute(config.pendingAttribute, '');
    schedule();
  };

  const listen = (type: string, handler: (event: Event) => void) =>
    w.addEventListener(type, handler, { capture: true });

  listen('click', (event) => {
    const control = (event.target as Element | null)?.closest?.(config.controlSelector) as HTMLElement;
    if (!control || (control as HTMLButtonElement).disabled || !held(control)) return;
    const action = control.getAttribute(config.actionAttribute);
    if (!isLive(control) && (action === 'theme' || (action === 'sidebar' && !isMobile()))) {
      stop(event);
      if (action === 'theme') toggleTheme();
      else toggleSidebar();
      return;
    }
    const input = d.getElementById(control.getAttribute(config.fileInputAttribute) ?? '');
    if (input) {
      stop(event);
      input.click();
      return;
    }
    const checked = control.getAttribute('aria-checked');
    let restore: (() => void) | undefined;
    if (checked === 'true' || checked === 'false') {
      const state = control.getAttribute('data-state');
      const marks = Array.from(control.querySelectorAll<HTMLElement>('[data-state]'));
      const next = checked === 'true' ? 'false' : 'true';
      control.setAttribute('aria-checked', next);
      if (state) control.setAttribute('data-state', next === 'true' ? 'checked' : 'unchecked');
      for (const mark of marks) mark.style.visibility = next === 'true' ? '' : 'hidden';
      restore = () => {
        control.setAttribute('aria-checked', checked);
        if (state) control.setAttribute('data-state', state);
        for (const mark of marks) mark.style.visibility = '';
      };
    }
    const pointerType = (event as PointerEvent).pointerType || '';
    enqueue(event, control, () => press(control, pointerType), restore);
    setBusy(control, true);
  });

  listen('submit', (event) => {
    const form = event.target as HTMLFormElement;
    const submitter = (event as SubmitEvent).submitter;
    if (!held(form)) return;
    enqueue(event, form, () =>
      submitter?.isConnected ? form.requestSubmit(submitter) : form.requestSubmit(),
    );
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
    if (name === config.sidebarKey) {
      if (!d.querySelector(config.sidebarSelector)) return;
      if (!isMobile() && !isLive(root)) {
        stop(event);
        toggleSidebar();
        return;
      }
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
