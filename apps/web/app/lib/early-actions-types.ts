/** The boot script's settings and its queue's entries (early-actions.ts says what each is for). */
export interface EarlyActionsConfig {
  /** Global flag that keeps the listeners from being installed twice. */
  installedFlag: string;
  /** On <html> and on each hydration boundary once React has committed it and run its effects. */
  hydratedAttribute: string;
  /** Marks the wrapper of a part of the page that hydrates after the root. */
  boundaryAttribute: string;
  /** On <html> while queued actions wait. */
  pendingAttribute: string;
  /** On a control whose click has a plain-DOM effect: its value is one of `actions`. */
  actionAttribute: string;
  actions: { theme: string; sidebar: string };
  /** On a button that opens a file picker: its value is the id of the file input. */
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
  /** How often queued actions whose target is not live yet are looked at again (ms). */
  retryMs: number;
  /** How many times typed text is put back at most while a re-render keeps resetting it. */
  typedReplays: number;
}

export interface QueuedAction {
  kind: 'click' | 'submit' | 'change' | 'drop' | 'key' | 'typed';
  target: Element;
  /** Where the target was, to find its replacement if React swapped the element. */
  path: number[];
  files?: File[];
  submitter?: HTMLElement | null;
  key?: { key: string; code: string; ctrlKey: boolean; metaKey: boolean };
  /** The click's pointer ('mouse', 'touch', 'pen'), or '' when the keyboard made it. */
  pointerType?: string;
  /** What the field held after this stretch of typing (a re-render may reset it before the replay). */
  value?: string;
  /** Undoes the early visual toggle of a checkbox, so that the replayed click toggles it for React. */
  restore?: () => void;
  /** How many times typed text has been put back (it stays queued until the field keeps it). */
  replays?: number;
  /** Where the caret (or selection) was after that typing, to put it back with the text. */
  caret?: [number, number];
  /** The value React had rendered into the field before the first replay (controlled fields). */
  rendered?: unknown;
}
