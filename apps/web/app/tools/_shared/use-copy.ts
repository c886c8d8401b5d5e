import { useCallback, useEffect, useState } from 'react';

/** How long a copy button shows its confirmation (specification §9). */
export const COPY_CONFIRMATION_MS = 1500;
export const COPY_FAILED_MESSAGE = 'Failed to copy. Please try again.';

/**
 * Writes text to the clipboard and remembers the outcome for the button that asked. The 1.5 s are
 * counted from when the confirmation is on screen (an effect runs after React has committed it), not
 * from the click: on a busy page the render can come late, and the check would show for less.
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  // The clipboard failure message, until the next attempt.
  const [error, setError] = useState<string | null>(null);
  // Successful copies so far: each one (a second while the check shows too) restarts the 1.5 s.
  const [copies, setCopies] = useState(0);

  useEffect(() => {
    if (copies === 0) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copies]);

  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The Clipboard API is not available.');
      await navigator.clipboard.writeText(text);
      setError(null);
      setCopied(true);
      setCopies((count) => count + 1);
      return true;
    } catch {
      setCopied(false);
      setError(COPY_FAILED_MESSAGE);
      return false;
    }
  }, []);

  return { copied, error, copy };
}

export type CopyState = ReturnType<typeof useCopy>;
