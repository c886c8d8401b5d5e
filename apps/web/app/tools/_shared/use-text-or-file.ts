import type { InputKind } from '@toolkit/catalog';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { textNoun } from './input-kinds';
import { urlText, useUrlFields } from './use-url-fields';

type TextInput = Extract<InputKind, { kind: 'json-or-file' }>;

/** The toast when a text tool's form is sent with neither text nor a file. */
export function missingTextMessage(noun: string): string {
  return `Please enter ${noun} or upload a file before submitting.`;
}

/** The offset in `text` of a 1-based line and column (clamped to the text). */
export function offsetOf(text: string, line: number, column = 1): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const newline = text.indexOf('\n', offset);
    if (newline < 0) return text.length;
    offset = newline + 1;
  }
  const end = text.indexOf('\n', offset);
  const lineEnd = end < 0 ? text.length : end;
  return Math.min(offset + Math.max(0, column - 1), lineEnd);
}

/**
 * The state of a text/data tool's input: text typed or pasted into the editor, or a file (the API
 * takes either; a file keeps its bytes and encoding exactly). `onChange` hears every change. The text
 * lives in the page's address while it is short (use-url-fields.ts).
 */
export function useTextOrFile(input: TextInput, initialText = '', onChange?: () => void) {
  const noun = textNoun(input.textKey);
  const [text, setTextState] = useState(initialText);
  const [file, setFile] = useState<File | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // The text in the address under its API name, while it is short; text typed early stays.
  useUrlFields({ [input.textKey]: urlText(text) }, (found) => {
    const restored = found[input.textKey];
    if (restored !== undefined) setTextState((current) => (current === initialText ? restored : current));
  });

  const setText = useCallback(
    (next: string) => {
      setTextState(next);
      onChange?.();
    },
    [onChange],
  );
  const chooseFile = useCallback(
    (files: ArrayLike<File> | null | undefined) => {
      const first = files?.[0];
      if (!first) return;
      setFile(first);
      onChange?.();
    },
    [onChange],
  );
  const removeFile = useCallback(() => {
    setFile(null);
    onChange?.();
  }, [onChange]);

  // Selects the given line and column (1-based) in the text and scrolls to it.
  const goTo = useCallback((line: number, column?: number) => {
    const area = textareaRef.current;
    if (!area) return;
    const at = offsetOf(area.value, line, column);
    area.focus();
    area.setSelectionRange(at, Math.min(at + 1, area.value.length));
    // Scroll the line into view: the textarea has no API for it, so estimate from the line height.
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }, []);

  // The request input (a chosen file is sent instead of the text), or null after the toast.
  const take = (): { text: string } | { file: File } | null => {
    if (file) return { file };
    if (text.trim() !== '') return { text };
    toast.error(missingTextMessage(noun));
    return null;
  };

  return { noun, text, setText, file, chooseFile, removeFile, textareaRef, goTo, take };
}

export type TextOrFile = ReturnType<typeof useTextOrFile>;
