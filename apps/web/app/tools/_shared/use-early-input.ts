import { type RefObject, useLayoutEffect, useState } from 'react';
import { EARLY_CHECKED_ATTRIBUTE } from '~/lib/boot-script';

/*
 * What a visitor types or chooses in a pre-rendered panel before React has attached to it is in the
 * DOM only: these hooks hand it to React's state once, when the field mounts (lib/early-actions.ts
 * keeps the clicks). Layout effects, so that a click replayed afterwards (a submit) sees the state.
 */

const fieldOf = (id: string) =>
  typeof document === 'undefined'
    ? null
    : (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null);

/** The text the visitor has put in the pre-rendered field `id`, if it differs from the page's. */
function typedText(id: string): string | undefined {
  const field = fieldOf(id);
  return field && field.value !== field.defaultValue ? field.value : undefined;
}

/** The selection (or caret) in field `id` while the visitor is in it. */
function selectionIn(id: string): [number, number] | undefined {
  const field = fieldOf(id);
  if (!field || field !== document.activeElement || field.selectionStart === null) return undefined;
  return [field.selectionStart, field.selectionEnd ?? field.selectionStart];
}

/**
 * For a controlled text field with id `id`: returns the value to render, and calls `onChange` at
 * mount with text typed before hydration. Read during the first render as well, because hydrating
 * a textarea resets it to the value rendered (an input keeps its text, and any typed while the panel
 * hydrated), which also puts the caret at the start: the visitor's selection is put back, so that
 * text selected before and typed after replaces the selection instead of going in front of it.
 */
export function useTypedEarly(id: string, value: string, onChange: (text: string) => void): string {
  const [early, setEarly] = useState(() => typedText(id));
  const [selection] = useState(() => selectionIn(id));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the field's own events follow.
  useLayoutEffect(() => {
    const field = fieldOf(id);
    const typed = early ?? typedText(id);
    setEarly(undefined);
    if (field && selection && field === document.activeElement) field.setSelectionRange(...selection);
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
