import type { InputKind } from '@toolkit/catalog';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { inputProfile } from './input-kinds';

type FilesInput = Extract<InputKind, { kind: 'files' }>;

/** A chosen file with a stable key (the same file may be chosen twice). */
export interface ListedFile {
  key: number;
  file: File;
}

/** 'image' → 'images', 'file' → 'files'. */
function plural(noun: string, count: number): string {
  return count === 1 ? noun : `${noun}s`;
}

/** The toast when a several-files form is sent with too few. */
export function missingFilesMessage(noun: string, min: number): string {
  return min <= 1
    ? `Please add a ${noun} before submitting.`
    : `Please add at least ${min} ${plural(noun, min)} before submitting.`;
}

/**
 * The multi-file upload's state: an ordered list (the order is the request's, e.g. the order of
 * combined images), with the input kind's bounds from the catalog. `onChange` hears every change.
 */
export function useFilesUpload(input: FilesInput, onChange?: () => void) {
  const profile = inputProfile(input);
  const { min, max } = input;
  const [items, setItems] = useState<readonly ListedFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(1);

  const update = useCallback(
    (next: readonly ListedFile[], message: string | null = null) => {
      setItems(next);
      setError(message);
      onChange?.();
    },
    [onChange],
  );

  // Files of the wrong kind and any beyond `max` are left out; `error` says why until the next change.
  const add = (files: ArrayLike<File> | null | undefined) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length === 0) return;
    const valid = chosen.filter(profile.matches);
    const room = Math.max(0, max - items.length);
    const added = valid.slice(0, room).map((file) => ({ key: nextKey.current++, file }));
    const problems: string[] = [];
    if (valid.length < chosen.length) problems.push(profile.invalidMessage);
    if (valid.length > room) {
      const left = valid.length - room;
      problems.push(
        `At most ${max} ${plural(profile.noun, max)}: ${left} ${left === 1 ? 'was' : 'were'} left out.`,
      );
    }
    update([...items, ...added], problems.join(' ') || null);
  };

  const move = (key: number, by: -1 | 1) => {
    const from = items.findIndex((item) => item.key === key);
    const to = from + by;
    const moving = items[from];
    if (from < 0 || to < 0 || to >= items.length || !moving) return;
    const next = items.filter((item) => item.key !== key);
    next.splice(to, 0, moving);
    update(next);
  };

  const remove = (key: number) => update(items.filter((item) => item.key !== key));
  const clear = () => update([]);

  const take = () => {
    if (items.length < min) {
      toast.error(missingFilesMessage(profile.noun, min));
      return null;
    }
    return { files: items.map((item) => item.file) };
  };

  return { profile, min, max, items, error, add, move, remove, clear, take };
}

export type FilesUpload = ReturnType<typeof useFilesUpload>;
