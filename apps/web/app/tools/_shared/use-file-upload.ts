import type { InputKind } from '@toolkit/catalog';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { inputProfile } from './input-kinds';
import { useObjectUrl } from './use-object-url';

/**
 * The single-file upload area's state (specification §4): empty, or a file chosen (with its preview
 * URL). Choosing a valid file clears any error; Remove returns to empty. `onChange` hears every new
 * or removed file (panels pass `mutation.reset`, so an old result never sits beside a new input).
 */
export function useFileUpload(input: InputKind, onChange?: (file: File | null) => void) {
  const profile = inputProfile(input);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // blob: URL of the chosen file, once the browser has made it (image previews).
  const previewUrl = useObjectUrl(file);

  // Takes the first of the files; a file of the wrong kind keeps the current state and sets the error.
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

  // The request input, or null after the 'Please upload … before submitting.' toast.
  const take = () => {
    if (!file) toast.error(profile.missingMessage);
    return file ? { file } : null;
  };

  return { profile, file, previewUrl, error, choose, remove, take };
}

export type FileUpload = ReturnType<typeof useFileUpload>;
