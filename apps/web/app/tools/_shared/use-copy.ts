import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button shows its confirmation (specification §9). */
export const COPY_CONFIRMATION_MS = 1500;
export const COPY_FAILED_MESSAGE = 'Failed to copy. Please try again.';

export interface CopyState {
  /** True for 1.5 s after a successful copy. */
  copied: boolean;
  /** The clipboard failure message, until the next attempt. */
  error: string | null;
  copy: (text: string) => Promise<boolean>;
}

/** Writes text to the clipboard and remembers the outcome for the button that asked. */
export function useCopy(): CopyState {
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The Clipboard API is not available.');
      await navigator.clipboard.writeText(text);
      setError(null);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      return true;
    } catch {
      setCopied(false);
      setError(COPY_FAILED_MESSAGE);
      return false;
    }
  }, []);

  return { copied, error, copy };
}
