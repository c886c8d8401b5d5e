import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '~/components/ui/tooltip';
import { EARLY_CHECKED_ATTRIBUTE } from '~/lib/boot-script';
import { createQueryClient } from '~/lib/query-client';
import JsonToXmlPanel from '../json-to-xml/json-to-xml-panel';
import ResizePanel from '../resize-image/resize-panel';
import { imageFile, sentForm, stubFetch, stubObjectUrls } from './test-utils';

// A real panel, pre-rendered to HTML as the build does, receives what a visitor types and chooses
// before React attaches to it; then it hydrates. What was typed and chosen must be in its state: shown
// after a re-render and sent with the form.

let root: Root | undefined;
beforeEach(() => stubObjectUrls());
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

function page(panel: () => ReactElement): ReactElement {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>{panel()}</TooltipProvider>
    </QueryClientProvider>
  );
}

/** The pre-rendered HTML in the document, before any script. */
function prerender(panel: () => ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(panel));
  document.body.append(container);
  return container;
}

/**
 * Hydrates with no error logged. `changedAttributes`: the boot script changed attributes of the HTML
 * (a waiting checkbox shows its new state), which development React reports and production ignores.
 */
async function hydrate(
  container: HTMLElement,
  panel: () => ReactElement,
  { changedAttributes = false } = {},
): Promise<void> {
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    root = hydrateRoot(container, page(panel));
  });
  const logged = errors.mock.calls.filter(
    ([message]) =>
      !(changedAttributes && String(message).includes("attributes of the server rendered HTML didn't match")),
  );
  expect(logged).toEqual([]);
}

/** What the browser does as a person types: the value changes and an input event nobody hears yet. */
function typeBefore(field: HTMLElement, text: string): void {
  (field as HTMLInputElement).value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('before hydration', () => {
  it('resize: sides and quality typed and an image chosen are kept, filtered and sent', async () => {
    const requests = stubFetch(
      () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } }),
    );
    const container = prerender(() => <ResizePanel />);
    const form = within(container);
    typeBefore(form.getByLabelText('Width (px)'), '3x0-0');
    typeBefore(form.getByLabelText('Quality (1-100)'), '7.5');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    // jsdom cannot give a file input a file; the browser keeps the chosen one on the same node.
    Object.defineProperty(input, 'files', { value: [imageFile('early.png')], configurable: true });

    await hydrate(container, () => <ResizePanel />);
    expect(form.getByLabelText('Width (px)')).toHaveProperty('value', '300');
    expect(form.getByLabelText('Quality (1-100)')).toHaveProperty('value', '75');
    expect(form.getByText('early.png')).toBeTruthy();
    // Maintain aspect ratio with a width: the height follows (rendered from the kept state).
    expect(form.getByLabelText('Height (px)')).toHaveProperty('disabled', true);

    await userEvent.click(form.getByRole('button', { name: 'Resize Image' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const sent = sentForm(requests);
    expect([sent.get('width'), sent.get('quality'), (sent.get('image') as File).name]).toEqual([
      '300',
      '75',
      'early.png',
    ]);
  });

  it('resize: a box unticked, then both sides typed: taken together at mount, the box stays unticked', async () => {
    const requests = stubFetch(
      () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } }),
    );
    const container = prerender(() => <ResizePanel />);
    const form = within(container);
    const box = form.getByRole('checkbox', { name: 'Maintain Aspect Ratio' });
    // What the boot script does with a click that waits: the new state shown, and carried.
    box.setAttribute('aria-checked', 'false');
    box.setAttribute(EARLY_CHECKED_ATTRIBUTE, 'false');
    typeBefore(form.getByLabelText('Width (px)'), '200');
    typeBefore(form.getByLabelText('Height (px)'), '100');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [imageFile('early.png')], configurable: true });

    await hydrate(container, () => <ResizePanel />, { changedAttributes: true });
    // Taken: the mark is gone, so the boot script drops the waiting click.
    expect(box.hasAttribute(EARLY_CHECKED_ATTRIBUTE)).toBe(false);
    expect(box.getAttribute('aria-checked')).toBe('false');
    expect(box).toHaveProperty('disabled', true);
    await userEvent.click(form.getByRole('button', { name: 'Resize Image' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const sent = sentForm(requests);
    expect([sent.get('width'), sent.get('height'), sent.get('maintain_aspect')]).toEqual([
      '200',
      '100',
      'false',
    ]);
  });

  it('a data tool: text typed over the sample (a textarea React would reset) and in a field are sent', async () => {
    const requests = stubFetch(
      () => new Response('<doc/>', { headers: { 'content-type': 'application/xml' } }),
    );
    const container = prerender(() => <JsonToXmlPanel />);
    const form = within(container);
    const typed = '{"typed": "before hydration"}';
    typeBefore(form.getByLabelText('JSON'), typed);
    typeBefore(form.getByLabelText('Root element'), 'early');

    await hydrate(container, () => <JsonToXmlPanel />);
    expect(form.getByLabelText('JSON')).toHaveProperty('value', typed);
    expect(form.getByText(`${typed.length} characters`)).toBeTruthy();
    await userEvent.click(form.getByRole('checkbox', { name: 'Indent' }));
    expect(form.getByLabelText('JSON')).toHaveProperty('value', typed);
    expect(form.getByLabelText('Root element')).toHaveProperty('value', 'early');

    await userEvent.click(screen.getByRole('button', { name: 'Convert to XML' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(JSON.parse(String(sentForm(requests)))).toMatchObject({ json: typed, root: 'early' });
  });

  it('nothing typed: the fields hydrate with the page values and nothing is set', async () => {
    const container = prerender(() => <ResizePanel />);
    const quality = within(container).getByLabelText('Quality (1-100)') as HTMLInputElement;
    const before = quality.value;
    await hydrate(container, () => <ResizePanel />);
    expect(quality.value).toBe(before);
    expect(within(container).getByLabelText('Width (px)')).toHaveProperty('value', '');
  });
});
