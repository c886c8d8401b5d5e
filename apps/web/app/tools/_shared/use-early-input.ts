import { type RefObject, useLayoutEffect, useState } from 'react';
import { EARLY_CHECKED_ATTRIBUTE } from '~/lib/boot-script';

/*
 * What a visitor types or chooses in a pre-rendered panel before React has attached to it is in the
 * DOM only: these hooks hand it to React's state once, when the field mounts (lib/early-actions.ts
 * keeps the clicks). Layout effects, so that a click replayed afterwards (a submit) sees the state.
 */

/** The text the visitor has put in the pre-rendered field `id`, if it differs from the page's. */
function typedText(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
  return field && field.value !== field.defaultValue ? field.value : undefined;
}

/**
 * For a controlled text field with id `id`: returns the value to render, and calls `onChange` at
 * mount with text typed before hydration. Read during the first render as well, because hydrating
 * a textarea resets it to the value rendered (an input keeps its text, and any typed while the panel
 * hydrated).
 */
export function useTypedEarly(id: string, value: string, onChange: (text: string) => void): string {
  const [early, setEarly] = useState(() => typedText(id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the field's own events follow.
  useLayoutEffect(() => {
    const field = document.getElementById(id) as HTMLInputElement | null;
    const typed = early ?? typedText(id);
    setEarly(undefined);
    if (field && typed !== undefined && field.value !== value) onChange(field.value);
  }, []);
  return early ?? value;
}

/**
 * For a checkbox with id `id` (rendered `checked`): the state the visitor gave it before hydration
 * goes to `onChange` at mount, with the text typed, and its waiting clicks are dropped (the boot
 * script marks the box, lib/early-actions.ts). Replayed after the text instead, a click could find
 * the box disabled by that text (Resize: untick Maintain Aspect Ratio, then give both sides).
 */
export function useCheckedEarly(id: string, checked: boolean, onChange: (checked: boolean) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the box's own clicks follow.
  useLayoutEffect(() => {
    const box = document.getElementById(id);
    const early = box?.getAttribute(EARLY_CHECKED_ATTRIBUTE);
    if (!box || early == null) return;
    box.removeAttribute(EARLY_CHECKED_ATTRIBUTE);
    if (early !== String(checked)) onChange(early === 'true');
  }, []);
}

/** For a file input: files chosen (or dropped) before hydration go to `onFiles` at mount. */
export function useFilesChosenEarly(
  ref: RefObject<HTMLInputElement | null>,
  onFiles: (files: File[]) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the input's change events follow.
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input?.files?.length) return;
    onFiles(Array.from(input.files));
    // As after a change: choosing the same file again must count as a choice.
    input.value = '';
  }, []);
}
