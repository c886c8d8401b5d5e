import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY_NOTE_ATTRIBUTE,
  FILE_AREA_ATTRIBUTE,
  LOADING_SHARED,
  sharedPreviewScript,
  TEXT_PLACE_ATTRIBUTE,
} from './shared-preview';

/** The builder's steps section as pre-rendered: the empty note, the preview's place, its script. */
function page(search: string) {
  window.history.replaceState(null, '', `/docs/pipeline${search}`);
  document.body.innerHTML =
    `<section><input type="radio" name="i" value="file" checked><input type="radio" name="i" value="text">` +
    `<div ${FILE_AREA_ATTRIBUTE}>Select file</div><div ${TEXT_PLACE_ATTRIBUTE}></div></section>` +
    `<section><p ${EMPTY_NOTE_ATTRIBUTE}>No steps yet</p><div class="contents"></div><script></script></section>`;
  const script = document.querySelector('script');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  // The very text the pre-rendered page carries.
  new Function(sharedPreviewScript())();
  return {
    fileArea: document.querySelector<HTMLElement>(`[${FILE_AREA_ATTRIBUTE}]`),
    textPlace: document.querySelector<HTMLElement>(`[${TEXT_PLACE_ATTRIBUTE}]`),
    checked: document.querySelector<HTMLInputElement>('input:checked')?.value,
    note: document.querySelector<HTMLElement>(`[${EMPTY_NOTE_ATTRIBUTE}]`),
    box: document.querySelector<HTMLElement>('div.contents'),
  };
}

describe('the shared link, before the builder has loaded', () => {
  afterEach(() => {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
    window.history.replaceState(null, '', '/');
  });

  it("draws the link's steps with their titles and field values, and hides the empty note", () => {
    const { note, box } = page(
      '?input=file&s1=images%2Fresize&s1.width=200&s2=images%2Fconvert&s2.format=webp',
    );
    expect(note?.hidden).toBe(true);
    const headings = Array.from(box?.querySelectorAll('h3') ?? [], (h) => h.textContent);
    expect(headings).toEqual(['Step 1: Resize Image', 'Step 2: Convert Image']);
    const fields = (step: number) =>
      Object.fromEntries(
        Array.from(box?.querySelectorAll('li')[step - 1]?.querySelectorAll('dl > div') ?? [], (div) => [
          div.querySelector('dt')?.textContent,
          div.querySelector('dd')?.textContent,
        ]),
      );
    // A field the link does not set shows the schema's default, one without a default is empty.
    expect(fields(1)).toMatchObject({ Width: '200', 'Maintain aspect': 'on', Height: '' });
    expect(fields(2)).toMatchObject({ Format: 'webp' });
    expect(box?.querySelector('[role="status"]')?.textContent).toBe(LOADING_SHARED);
  });

  it('draws a text input in place of the file area: the link’s text, or none when step 1 takes text', () => {
    const shared = page('?input=text&text=a%2Cb%0A1%2C2&s1=data%2Fcsv-to-json');
    expect([shared.checked, shared.fileArea?.hidden]).toEqual(['text', true]);
    expect(shared.textPlace?.textContent).toContain('a,b\n1,2');
    // No input in the link: a first step that takes text starts from text, as the builder does.
    expect(page('?s1=data%2Fcsv-to-json').checked).toBe('text');
    const file = page('?s1=images%2Fresize');
    expect([file.checked, file.fileArea?.hidden, file.textPlace?.childElementCount]).toEqual([
      'file',
      false,
      0,
    ]);
  });

  it('shows an unknown operation by its name and treats markup in the address as text', () => {
    const { box } = page('?s1=%3Cimg%20src%3Dx%3E');
    expect(box?.querySelector('h3')?.textContent).toBe('Step 1: <img src=x>');
    expect(box?.querySelector('img')).toBeNull();
  });

  it('leaves the empty builder alone when the link has no steps', () => {
    const { note, box } = page('?input=text&text=a');
    expect(note?.hidden).toBe(false);
    expect(box?.childElementCount).toBe(0);
  });
});
