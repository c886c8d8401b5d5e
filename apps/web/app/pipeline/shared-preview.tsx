import { maxPipelineSteps } from '@toolkit/catalog';
import { humanize } from '~/tools/_shared/results/analysis-result';
import { opOf, stepFields, stepTools, takesText } from './chain';
import { MAX_LINK_TEXT_BYTES } from './pipeline-url';

/*
 * A shared link's first paint. The page is pre-rendered without the address, and the builder reads
 * it only once its code has loaded, so until then a link would paint the empty builder. An inline
 * script of the pre-rendered page (hashed into the Content-Security-Policy like the boot script)
 * draws the link's steps at once, in the step cards' own layout: their titles, fields and values,
 * read-only and marked as loading. Hydration drops it and the real cards take its place.
 */

export const LOADING_SHARED = 'Loading the shared pipeline…';
/** On the builder's 'No steps yet' note, which the script hides when the link has steps. */
export const EMPTY_NOTE_ATTRIBUTE = 'data-pipeline-empty';
/** On the input's file area, which the script hides for a text input, and on the text's place. */
export const FILE_AREA_ATTRIBUTE = 'data-pipeline-file-area';
export const TEXT_PLACE_ATTRIBUTE = 'data-pipeline-text-place';
export const TEXT_IN_LINK_HINT = `Text up to ${MAX_LINK_TEXT_BYTES / 1024} KB is kept in the page’s link.`;

/** A field as the preview shows it: name, label, default value, description, and 1 for a checkbox. */
type PreviewField = [string, string, string, string, number];
export interface PreviewConfig {
  /** Each operation a step can be: its title, its own fields, and 1 when it can start from typed text. */
  ops: Record<string, [string, PreviewField[], number]>;
  loading: string;
  emptyAttribute: string;
  maxSteps: number;
  /** The input section's file area (hidden for a text input) and the place of the text drawn instead. */
  fileAttribute: string;
  textAttribute: string;
  textHint: string;
}

/**
 * Runs in the page before hydration, as a string (nothing from outside may be referenced): reads
 * the steps of `location.search` as pipeline-url.ts does and draws them into the element before the
 * script. Built with DOM calls and textContent, so nothing from the address is parsed as HTML.
 */
export function drawSharedPipeline(config: PreviewConfig, script = document.currentScript): void {
  const box = script?.previousElementSibling;
  const params = new URLSearchParams(location.search);
  if (!box || !params.get('s1')) return;
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const list = el('ol', 'flex flex-col gap-4');
  for (let n = 1; params.get(`s${n}`) && n <= config.maxSteps; n++) {
    const op = params.get(`s${n}`) ?? '';
    const known = config.ops[op];
    const card = el('section', 'flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5');
    const head = el('div', 'flex min-w-0 flex-col gap-1');
    const title = el('h3', 'font-semibold text-base tracking-tight');
    title.append(el('span', 'text-muted-foreground', `Step ${n}:`), ` ${known ? known[0] : op}`);
    head.append(title, el('code', 'break-all font-mono text-muted-foreground text-xs', op));
    card.append(head);
    const fields = known ? known[1] : [];
    if (known && fields.length === 0)
      card.append(el('p', 'text-muted-foreground text-sm', 'This step has no fields.'));
    if (fields.length > 0) {
      const grid = el('dl', 'grid gap-4 sm:grid-cols-2');
      for (const [name, label, fallback, help, checkbox] of fields) {
        const value = params.get(`s${n}.${name}`) ?? fallback;
        // Shaped as the real control (schema-fields.tsx), so the cards keep their height.
        const field = el('div', checkbox ? 'flex flex-col gap-1.5' : 'flex flex-col gap-2');
        if (checkbox) {
          const row = el('dt', 'flex items-center gap-2.5 font-medium text-sm leading-none');
          const box = el('span', 'size-4 shrink-0 animate-pulse rounded-[4px] border bg-muted/40');
          box.setAttribute('aria-hidden', 'true');
          row.append(box, label);
          field.append(row, el('dd', 'sr-only', value === 'true' ? 'on' : 'off'));
        } else {
          field.append(
            el('dt', 'font-medium text-sm leading-none', label),
            el('dd', 'flex h-9 animate-pulse items-center rounded-md border bg-muted/40 px-3 text-sm', value),
          );
        }
        if (help)
          field.append(
            el(
              'dd',
              checkbox
                ? 'pl-6.5 text-muted-foreground text-xs leading-5'
                : 'text-muted-foreground text-xs leading-5',
              help,
            ),
          );
        grid.append(field);
      }
      card.append(grid);
    }
    const item = el('li', '');
    item.append(card);
    list.append(item);
  }
  const empty = box.parentElement?.querySelector(`[${config.emptyAttribute}]`);
  if (empty instanceof HTMLElement) empty.hidden = true;
  // The input, as pipeline-builder.tsx picks it: the link's, else text when step 1 can take it.
  const first = config.ops[params.get('s1') ?? ''];
  const input = params.get('input') ?? (first?.[2] ? 'text' : 'file');
  const fileArea = document.querySelector(`[${config.fileAttribute}]`);
  const textPlace = document.querySelector(`[${config.textAttribute}]`);
  const radio = fileArea?.parentElement?.querySelector(`input[type="radio"][value="${input}"]`);
  if (input === 'text' && fileArea instanceof HTMLElement && textPlace && radio instanceof HTMLInputElement) {
    radio.checked = true;
    fileArea.hidden = true;
    const field = el('div', 'flex flex-col gap-2');
    field.append(
      el('p', 'font-medium text-sm leading-none', 'Text'),
      el(
        'div',
        'h-40 animate-pulse overflow-hidden whitespace-pre rounded-md border border-input bg-code px-3 py-2 font-mono text-xs leading-5',
        params.get('text') ?? '',
      ),
      el('p', 'text-muted-foreground text-xs', config.textHint),
    );
    textPlace.append(field);
  }
  const status = el('p', 'sr-only', config.loading);
  status.setAttribute('role', 'status');
  box.append(status, list);
}

/** What the script needs of the catalog: every step operation's title and fields. */
export function previewConfig(): PreviewConfig {
  const ops: PreviewConfig['ops'] = {};
  for (const tool of stepTools) {
    ops[opOf(tool)] = [
      tool.title,
      stepFields(tool).map((field) => [
        field.name,
        humanize(field.name),
        field.defaultValue === undefined ? '' : String(field.defaultValue),
        field.description ?? '',
        field.type === 'boolean' ? 1 : 0,
      ]),
      takesText(tool) ? 1 : 0,
    ];
  }
  return {
    ops,
    loading: LOADING_SHARED,
    emptyAttribute: EMPTY_NOTE_ATTRIBUTE,
    maxSteps: maxPipelineSteps,
    fileAttribute: FILE_AREA_ATTRIBUTE,
    textAttribute: TEXT_PLACE_ATTRIBUTE,
    textHint: TEXT_IN_LINK_HINT,
  };
}

export function sharedPreviewScript(): string {
  return `try{(${drawSharedPipeline.toString()})(${JSON.stringify(previewConfig())})}catch(_){}`;
}

/** Where the script draws a link's text, until the builder has hydrated (see SharedPreview). */
export function TextPlace() {
  return (
    <div
      className="contents"
      suppressHydrationWarning
      {...{ [TEXT_PLACE_ATTRIBUTE]: '' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; it keeps hydration off what the script drew
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}

/**
 * The preview's place and its script, rendered only until the builder has hydrated (the pre-render
 * and the hydrating render). `display: contents` puts the drawn list where the step cards go.
 */
export function SharedPreview() {
  return (
    <>
      <div
        className="contents"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; it keeps hydration off what the script drew
        dangerouslySetInnerHTML={{ __html: '' }}
      />
      <script
        suppressHydrationWarning
        // Only the pre-render needs its text: in the browser it has run before any module.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed build-time string, allowed by CSP hash
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? sharedPreviewScript() : '' }}
      />
    </>
  );
}
