/**
 * What a visitor does before React has attached to the pre-rendered page, kept and carried out once
 * it has. `installEarlyActions` runs inside the inline boot script (see boot-script.ts), so it must be
 * self-contained: no imports, no outer variables, everything it needs comes in `config`. Its text is
 * taken with Function.prototype.toString, so keep comments out of its body (they would ship in every
 * page); the reasons are written here instead.
 *
 * - "Live" means React handles events there: the root has committed and run its effects (<html> has
 *   the hydrated attribute, set by the root layout's effect), and, inside a hydration boundary (a
 *   lazily loaded part of the page, hydrated later), that boundary has done the same and the element
 *   itself carries React's props.
 * - A click on a control (a label only when it toggles a checkbox, radio or button: the others just
 *   focus their field, which works without React), a submit, a file chosen, a drop with files and Ctrl/Cmd+K or +B that land
 *   where the page is not live yet are stopped before the browser's own default (a native form
 *   submission would reload the page; a dropped file would replace it) and queued. Each is replayed
 *   once its target is live: the same element is clicked, the form submitted, the change or drop
 *   dispatched again with the same files, the shortcut dispatched again. A queued control says
 *   aria-busy and shows a progress cursor until then; it never looks disabled.
 * - A checkbox (native, or role checkbox/switch with aria-checked and Radix's data-state) shows its
 *   new state at once; the replay puts the old state back just before it clicks, so React toggles it.
 * - A click made with a pointer is replayed as the pointer made it (pointerdown, mousedown, pointerup,
 *   mouseup, click): some controls act on the press (Radix tabs, menus and selects), not the click.
 * - While anything waits, later actions wait behind it even where the page is already live, so
 *   they happen in the order they were made (a file chosen, then submit).
 * - Replays go one per task: React renders in between, so a submit replayed after a file choice
 *   sees the file.
 * - Text typed before hydration stays in the field (React keeps it) but React's state would not know
 *   it: in its turn among the other actions, such a field gets an input event React takes as a
 *   change: the value it had then is put back (a re-render in between may have reset it), after
 *   React's value tracker has been set to another value so that React sees a change. React may still
 *   drop that change (an event that lands while a render started before it is under way: the field
 *   shows the old state again), so the text stays queued and is put back again, one retry period
 *   later, until the field keeps it (at most `typedReplays` times); later actions wait for that. The
 *   field has kept it when it shows the text as typed, or, for a field React controls, when it shows
 *   what React last rendered into it and that differs from what React rendered before the replay (a
 *   field that filters what is typed, digits only say, never shows the raw text).
 * - A text field fires change when it is left, and React reads that as a change of its value too: while
 *   the field's typed text waits in the queue, its change is stopped, or React would learn the text
 *   before the actions queued ahead of it (a width typed behind a waiting "keep aspect ratio" click
 *   disabled the height field just as the visitor moved into it, and the height went into the width).
 * - Typing where the page is live goes to React at once while only typed text waits (text in
 *   different fields does not depend on its order): React reads the whole text from the field, so a
 *   stretch typed there before hydration and still queued is carried by this event and leaves the
 *   queue. Behind a click, a submit or a file, typing waits its turn like anything else.
 * - A render (of another action's replay) puts React's state back into every field it controls, also
 *   into one whose typed text is still queued: the next keystroke there would build on that (a
 *   cleared "85" came back, and "7" made it "857"). So before each keystroke (beforeinput) such a field
 *   gets its queued text back, and its caret.
 * - Controls that need no React act at once, in plain DOM, with the same effect as their React
 *   handlers: the theme toggle and, on wide screens, the sidebar toggle and Ctrl/Cmd+B (class or
 *   attribute on <html> plus the cookie; the React stores read both back). A button that opens a
 *   file picker opens it at once too: browsers show a picker only within a few seconds of the click.
 */

import type { EarlyActionsConfig, QueuedAction } from './early-actions-types';

export function installEarlyActions(config: EarlyActionsConfig): void {
  const w = window as unknown as Record<string, unknown> & Window;
  if (w[config.installedFlag]) return;
  w[config.installedFlag] = true;
  const d = document;
  const root = d.documentElement;
  const queue: QueuedAction[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let replaying = false;

  const reactProps = (el: Element): Record<string, unknown> | undefined => {
    const key = Object.keys(el).find((name) => name.indexOf('__reactProps$') === 0);
    return key ? ((el as unknown as Record<string, unknown>)[key] as Record<string, unknown>) : undefined;
  };

  const isLive = (el: Element | null): boolean => {
    if (!root.hasAttribute(config.hydratedAttribute)) return false;
    const boundary = el?.closest(`[${config.boundaryAttribute}]`);
    if (!boundary || !el) return true;
    if (!boundary.hasAttribute(config.hydratedAttribute)) return false;
    return reactProps(el) !== undefined;
  };

  const held = (el: Element | null): boolean => !replaying && (queue.length > 0 || !isLive(el));

  const pathOf = (el: Element): number[] => {
    const path: number[] = [];
    let node: Element | null = el;
    while (node?.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
      node = node.parentElement;
    }
    return path;
  };

  const locate = (action: QueuedAction): Element | null => {
    if (action.target.isConnected) return action.target;
    let node: Element | undefined = root;
    for (const index of action.path) node = node?.children[index];
    return node && node.tagName === action.target.tagName ? node : null;
  };

  const setBusy = (el: Element, busy: boolean) => {
    const style = (el as HTMLElement).style;
    if (busy) {
      el.setAttribute('aria-busy', 'true');
      if (style) style.cursor = 'progress';
    } else {
      el.removeAttribute('aria-busy');
      if (style) style.cursor = '';
    }
  };

  const isMobile = () => Boolean(w.matchMedia?.(config.mobileQuery).matches);

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

  const withFiles = (files: File[]): DataTransfer | null => {
    if (typeof DataTransfer === 'undefined') return null;
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    return transfer;
  };

  const replay = (action: QueuedAction, target: Element) => {
    setBusy(action.target, false);
    action.restore?.();
    if (action.kind === 'click') {
      if (action.pointerType) {
        const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true };
        const pointer = { ...init, pointerType: action.pointerType, pointerId: 1 };
        const pointers = typeof PointerEvent === 'function';
        if (pointers) target.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
        target.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
        if (pointers) target.dispatchEvent(new PointerEvent('pointerup', pointer));
        target.dispatchEvent(new MouseEvent('mouseup', init));
      }
      (target as HTMLElement).click();
    } else if (action.kind === 'typed') replayTyped(target as HTMLInputElement, action.value ?? '');
    else if (action.kind === 'submit') {
      const form = target as HTMLFormElement;
      const submitter = action.submitter?.isConnected ? action.submitter : null;
      if (submitter) form.requestSubmit(submitter);
      else form.requestSubmit();
    } else if (action.kind === 'change') {
      const transfer = action.files?.length ? withFiles(action.files) : null;
      if (transfer) (target as HTMLInputElement).files = transfer.files;
      target.dispatchEvent(new Event('input', { bubbles: true }));
      target.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (action.kind === 'drop') {
      const transfer = withFiles(action.files ?? []);
      if (transfer)
        target.dispatchEvent(
          new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
    } else if (action.key) {
      target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...action.key }));
    }
  };

  const showValue = (field: HTMLInputElement, value: string): boolean => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, value);
    return Boolean(setter);
  };

  const replayTyped = (field: HTMLInputElement, value: string) => {
    field.value = value === field.defaultValue ? '' : field.defaultValue;
    if (showValue(field, value)) field.dispatchEvent(new Event('input', { bubbles: true }));
  };

  const settled = (action: QueuedAction, target: Element) => {
    if (!action.replays) return false;
    const shown = (target as HTMLInputElement).value;
    if (shown === action.value || action.replays >= config.typedReplays) return true;
    const rendered = reactProps(target)?.value;
    return typeof rendered === 'string' && rendered === shown && rendered !== action.rendered;
  };

  const flush = () => {
    timer = undefined;
    const waiting: QueuedAction[] = [];
    let replayed = false;
    let settling = false;
    for (const action of queue.splice(0)) {
      const target = replayed ? null : locate(action);
      if (replayed || (target && !isLive(target))) waiting.push(action);
      else if (!target) {
        action.restore?.();
        setBusy(action.target, false);
      } else if (!settled(action, target)) {
        replayed = true;
        replaying = true;
        if (action.kind === 'typed' && !action.replays) action.rendered = reactProps(target)?.value;
        try {
          replay(action, target);
        } catch (error) {
          setTimeout(() => {
            throw error;
          });
        } finally {
          replaying = false;
        }
        if (action.kind === 'typed') {
          action.replays = (action.replays ?? 0) + 1;
          settling = true;
          waiting.push(action);
        }
      }
    }
    queue.unshift(...waiting);
    if (queue.length) schedule(replayed && !settling ? 0 : config.retryMs);
    else root.removeAttribute(config.pendingAttribute);
  };

  function schedule(delay: number) {
    if (timer === undefined) timer = setTimeout(flush, delay);
  }

  const enqueue = (event: Event, action: Omit<QueuedAction, 'path'>) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push({ ...action, path: pathOf(action.target) });
    if (action.kind === 'click') setBusy(action.target, true);
    root.setAttribute(config.pendingAttribute, '');
  };

  const listen = (type: string, handler: (event: Event) => void) =>
    w.addEventListener(type, handler, { capture: true });

  listen('click', (event) => {
    const control = (event.target as Element | null)?.closest?.(config.controlSelector);
    if (!control || (control as HTMLButtonElement).disabled || !held(control)) return;
    const labelled = (control as HTMLLabelElement).control as HTMLInputElement | null | undefined;
    const toggles = labelled && (labelled.tagName === 'BUTTON' || /^(checkbox|radio)$/.test(labelled.type));
    if (control.tagName === 'LABEL' && !toggles) return;
    const action = control.getAttribute(config.actionAttribute);
    const plain = action === config.actions.theme || (action === config.actions.sidebar && !isMobile());
    if (plain && !isLive(control)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (action === config.actions.theme) toggleTheme();
      else toggleSidebar();
      return;
    }
    const inputId = control.getAttribute(config.fileInputAttribute);
    const input = inputId ? d.getElementById(inputId) : null;
    if (input) {
      event.preventDefault();
      event.stopImmediatePropagation();
      input.click();
      return;
    }
    if (control.tagName === 'INPUT' && (control as HTMLInputElement).type === 'checkbox') {
      const box = control as HTMLInputElement;
      const was = !box.checked;
      event.stopImmediatePropagation();
      queue.push({ kind: 'click', target: box, path: pathOf(box), restore: () => (box.checked = was) });
      setBusy(box, true);
      root.setAttribute(config.pendingAttribute, '');
      return;
    }
    const checked = control.getAttribute('aria-checked');
    const role = control.getAttribute('role');
    let restore: (() => void) | undefined;
    if ((role === 'checkbox' || role === 'switch') && (checked === 'true' || checked === 'false')) {
      const state = control.getAttribute('data-state');
      const next = checked === 'true' ? 'false' : 'true';
      const marks = Array.from(control.querySelectorAll<HTMLElement>('[data-state]'));
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
    enqueue(event, { kind: 'click', target: control, restore, pointerType });
  });

  listen('submit', (event) => {
    const form = event.target as HTMLFormElement;
    if (!held(form)) return;
    enqueue(event, { kind: 'submit', target: form, submitter: (event as SubmitEvent).submitter });
  });

  listen('change', (event) => {
    const field = event.target as HTMLInputElement;
    const kept = field.type === 'file' || field.tagName === 'SELECT';
    if (!kept) {
      if (!replaying && queue.some((action) => action.kind === 'typed' && action.target === field))
        event.stopImmediatePropagation();
      return;
    }
    if (!held(field)) return;
    enqueue(event, { kind: 'change', target: field, files: Array.from(field.files ?? []) });
  });

  listen('beforeinput', (event) => {
    const field = event.target as HTMLInputElement;
    let action: QueuedAction | undefined;
    for (const queued of queue) if (queued.kind === 'typed' && queued.target === field) action = queued;
    if (!action || replaying || action.value === undefined || field.value === action.value) return;
    showValue(field, action.value);
    try {
      if (action.caret) field.setSelectionRange(action.caret[0], action.caret[1]);
    } catch (_) {}
  });

  listen('input', (event) => {
    const field = event.target as HTMLInputElement;
    if (!('defaultValue' in field) || /^(file|checkbox|radio)$/.test(field.type) || replaying) return;
    const live = isLive(field);
    if (live && queue.every((action) => action.kind === 'typed')) {
      const index = queue.findIndex((action) => action.target === field);
      if (index !== -1) queue.splice(index, 1);
      if (!queue.length) root.removeAttribute(config.pendingAttribute);
      return;
    }
    if (live) event.stopImmediatePropagation();
    const last = queue[queue.length - 1];
    const caret: [number, number] | undefined =
      field.selectionStart === null
        ? undefined
        : [field.selectionStart, field.selectionEnd ?? field.selectionStart];
    if (last?.kind === 'typed' && last.target === field) {
      last.value = field.value;
      last.caret = caret;
      last.replays = 0;
    } else queue.push({ kind: 'typed', target: field, path: pathOf(field), value: field.value, caret });
    root.setAttribute(config.pendingAttribute, '');
  });

  const carriesFiles = (event: Event) =>
    Array.prototype.indexOf.call((event as DragEvent).dataTransfer?.types ?? [], 'Files') !== -1;

  const allowDrop = (event: Event) => {
    if (!carriesFiles(event) || isLive(event.target as Element)) return;
    event.preventDefault();
  };
  listen('dragenter', allowDrop);
  listen('dragover', allowDrop);
  listen('drop', (event) => {
    const target = event.target as Element;
    if (!carriesFiles(event) || !held(target)) return;
    enqueue(event, {
      kind: 'drop',
      target,
      files: Array.from((event as DragEvent).dataTransfer?.files ?? []),
    });
  });

  listen('keydown', (event) => {
    const key = event as KeyboardEvent;
    const name = key.key?.toLowerCase();
    if (!(key.ctrlKey || key.metaKey) || key.altKey || key.shiftKey) return;
    if (name !== config.searchKey && name !== config.sidebarKey) return;
    if (!held(root)) return;
    if (name === config.sidebarKey) {
      if (!d.querySelector(config.sidebarSelector)) return;
      if (!isMobile() && !isLive(root)) {
        // The sidebar provider's own listener may already be attached (child effects run before the
        // root marks itself hydrated): it must not toggle the sidebar back.
        event.preventDefault();
        event.stopImmediatePropagation();
        toggleSidebar();
        return;
      }
    }
    const { code, ctrlKey, metaKey } = key;
    enqueue(event, { kind: 'key', target: d.body, key: { key: key.key, code, ctrlKey, metaKey } });
  });

  new MutationObserver(() => {
    if (queue.length) schedule(0);
  }).observe(root, { attributes: true, subtree: true, attributeFilter: [config.hydratedAttribute] });
}
