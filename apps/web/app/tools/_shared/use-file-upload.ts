import type { InputKind } from '@toolkit/catalog';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { type InputProfile, inputProfile } from './input-kinds';
import { useObjectUrl } from './use-object-url';

export interface FileUpload {
  profile: InputProfile;
  file: File | null;
  /** blob: URL of the chosen file, once the browser has made it (image previews). */
  previewUrl: string | undefined;
  /** The inline error of the last choice, if it was not the right kind of file. */
  error: string | null;
  /** Takes the first of the files; a file of the wrong kind keeps the current state and sets the error. */
  choose: (files: ArrayLike<File> | null | undefined) => void;
  remove: () => void;
  /** The request input, or null after the 'Please upload … before submitting.' toast. */
  take: () => { file: File } | null;
}

/**
 * The single-file upload area's state (specification §4): empty, or a file chosen (with its preview
 * URL). Choosing a valid file clears any error; Remove returns to empty. `onChange` hears every new
 * or removed file (panels pass `mutation.reset`, so an old result never sits beside a new input).
 */
export function useFileUpload(input: InputKind, onChange?: (file: File | null) => void): FileUpload {
  const profile = inputProfile(input);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewUrl = useObjectUrl(file);

  const choose = useCallback(
    (files: ArrayLike<File> | null | undefined) => {
      const first = files?.[0];
      if (!first) return;
      if (!profile.matches(first)) {
        setError(profile.invalidMessage);
        return;
      }
      setError(null);
      setFile(first);
      onChange?.(first);
    },
    [onChange, profile],
  );

  const remove = useCallback(() => {
    setError(null);
    setFile(null);
    onChange?.(null);
  }, [onChange]);

  const take = () => {
    if (!file) toast.error(profile.missingMessage);
    return file ? { file } : null;
  };

  return { profile, file, previewUrl, error, choose, remove, take };
}
