import { describe, expect, it } from 'vitest';
import {
  counter,
  hydrate,
  installBootScriptPerFile,
  markReactOwned,
  mount,
  root,
  settle,
} from '../../test/early-actions-harness';
import { EARLY_PENDING_ATTRIBUTE, HYDRATION_BOUNDARY_ATTRIBUTE } from './boot-script';

// Text typed before hydration and while it happens: React has to learn it, and nothing typed is lost
// when a render puts React's state back into a field.

installBootScriptPerFile();

describe('text typed before hydration', () => {
  it('tells React about text typed before hydration', async () => {
    const input = mount('<input value="">').querySelector('input') as HTMLInputElement;
    input.value = '640';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const inputs = counter(input, 'input');
    hydrate();
    await settle();
    expect(inputs).toHaveLength(1);
    expect(input.value).toBe('640');
  });

  it('puts typed text back again when a render drops the first change, before a later submit', async () => {
    const container = mount('<form><textarea>sample</textarea><button type="submit">Convert</button></form>');
    const area = container.querySelector('textarea') as HTMLTextAreaElement;
    const form = container.querySelector('form') as HTMLFormElement;
    area.value = 'typed';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    (container.querySelector('button') as HTMLButtonElement).click();
    // Stands in for React dropping the change: the field shows its old state again.
    let dropped = 0;
    area.addEventListener('input', () => {
      if (dropped++ === 0) area.value = 'sample';
    });
    const sent: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(area.value);
    });
    hydrate();
    await settle();
    await settle();
    expect(dropped).toBe(2);
    expect(sent).toEqual(['typed']);
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  it('a field React controls and filters keeps the replayed text after one replay, not five', async () => {
    const input = mount('<input value="">').querySelector('input') as HTMLInputElement;
    input.value = '3x0-0';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Stands in for a controlled field that keeps digits only: React renders the filtered state.
    const props = { value: '' };
    Object.assign(input, { __reactProps$test: props });
    const inputs: string[] = [];
    input.addEventListener('input', () => {
      inputs.push(input.value);
      props.value = input.value.replace(/\D/g, '');
      input.value = props.value;
    });
    hydrate();
    await settle();
    await settle();
    expect(inputs).toEqual(['3x0-0']);
    expect(input.value).toBe('300');
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });

  it('typing where the page is live reaches React at once, even while earlier actions wait', async () => {
    const container = mount('<input id="width" value=""><input id="quality" value="85">');
    const [width, quality] = Array.from(container.querySelectorAll('input'));
    if (!width || !quality) throw new Error('no fields');
    width.value = '300';
    width.dispatchEvent(new Event('input', { bubbles: true }));
    hydrate();
    markReactOwned(quality);
    // Before the queued width is replayed, the visitor clears the live quality field.
    const seen: string[] = [];
    quality.addEventListener('input', () => seen.push(quality.value));
    quality.value = '';
    quality.dispatchEvent(new Event('input', { bubbles: true }));
    expect(seen).toEqual(['']);
    const widths = counter(width, 'input');
    await settle();
    expect(widths).toHaveLength(1);
    expect(width.value).toBe('300');
  });

  it('typing more into a live field carries its queued text with it, which leaves the queue', async () => {
    const input = mount('<input value="">').querySelector('input') as HTMLInputElement;
    input.value = '64';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const seen = counter(input, 'input');
    hydrate();
    markReactOwned(input);
    input.value = '640';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(root.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
    await settle();
    expect(seen.map((event) => (event.target as HTMLInputElement).value)).toEqual(['640']);
  });

  it('a render that puts the old value back into a field with queued text: the next keystroke builds on the text', async () => {
    const container = mount(
      `<div ${HYDRATION_BOUNDARY_ATTRIBUTE}><input id="width" value=""><input id="quality" value="85"></div>`,
    );
    const [width, quality] = Array.from(container.querySelectorAll('input'));
    if (!width || !quality) throw new Error('no fields');
    width.value = '300';
    width.dispatchEvent(new Event('input', { bubbles: true }));
    quality.value = '';
    quality.dispatchEvent(new Event('input', { bubbles: true }));
    // Stands in for React: replaying the width renders the panel, which resets the quality field.
    width.addEventListener('input', () => {
      quality.value = '85';
    });
    const sent: string[] = [];
    quality.addEventListener('input', () => sent.push(quality.value));
    hydrate();
    hydrate(container.firstElementChild as Element);
    markReactOwned(width);
    markReactOwned(quality);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(quality.value).toBe('85');
    // The next keystroke: the browser fires beforeinput, then edits the field, then fires input.
    quality.dispatchEvent(new Event('beforeinput', { bubbles: true }));
    expect(quality.value).toBe('');
    quality.value += '7';
    quality.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    expect(sent).toEqual(['7']);
  });

  it('typing behind a waiting click waits its turn, and so does the change of leaving the field', async () => {
    const container = mount('<input type="checkbox" checked><input value="">');
    const [box, width] = Array.from(container.querySelectorAll('input'));
    if (!box || !width) throw new Error('no fields');
    const order: string[] = [];
    box.addEventListener('click', () => order.push(`click ${box.checked}`));
    width.addEventListener('input', () => order.push(`input ${width.value}`));
    width.addEventListener('change', () => order.push(`change ${width.value}`));
    box.click();
    hydrate();
    markReactOwned(box);
    markReactOwned(width);
    width.value = '200';
    width.dispatchEvent(new Event('input', { bubbles: true }));
    // The visitor moves on to the next field: the browser fires change on the one left, which React
    // also reads as a new value; it must not learn the width before the click.
    width.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(order).toEqual(['click false', 'input 200']);
    // Once nothing waits, a change reaches the page as usual.
    width.dispatchEvent(new Event('change', { bubbles: true }));
    expect(order).toEqual(['click false', 'input 200', 'change 200']);
  });
});
