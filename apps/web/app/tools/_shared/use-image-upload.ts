import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { MISSING_IMAGE_MESSAGE } from './texts';
import { useObjectUrl } from './use-object-url';

/** Specification §5: the only client-side check of an upload. */
export const INVALID_IMAGE_MESSAGE = 'Please upload a valid image file.';

/** The picker accepts any image type; the format and size are checked by the server. */
export const IMAGE_ACCEPT = 'image/*';

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

export interface ImageUpload {
  file: File | null;
  /** blob: URL of the chosen image, once the browser has made it. */
  previewUrl: string | undefined;
  /** The inline error of the last choice, if it was not an image. */
  error: string | null;
  /** Takes the first of the files; a file that is not an image keeps the current state and sets the error. */
  choose: (files: ArrayLike<File> | null | undefined) => void;
  remove: () => void;
}

/**
 * The upload area's state (specification §4): empty, or an image chosen with its preview. Choosing a
 * valid image clears any error; Remove returns to empty.
 */
export function useImageUpload(onChange?: (file: File | null) => void): ImageUpload {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewUrl = useObjectUrl(file);

  const choose = useCallback(
    (files: ArrayLike<File> | null | undefined) => {
      const first = files?.[0];
      if (!first) return;
      if (!isImageFile(first)) {
        setError(INVALID_IMAGE_MESSAGE);
        return;
      }
      setError(null);
      setFile(first);
      onChange?.(first);
    },
    [onChange],
  );

  const remove = useCallback(() => {
    setError(null);
    setFile(null);
    onChange?.(null);
  }, [onChange]);

  return { file, previewUrl, error, choose, remove };
}

/** The chosen image, or null after the toast 'Please upload an image before submitting.' (§5). */
export function requireImage(upload: ImageUpload): File | null {
  if (!upload.file) toast.error(MISSING_IMAGE_MESSAGE);
  return upload.file;
}
