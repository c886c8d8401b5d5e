import { useEffect, useState } from 'react';

/**
 * A blob: URL for a Blob, created in the browser only (pre-rendering has no URL.createObjectURL) and
 * revoked when the blob is replaced or removed, or the component unmounts, so previews never leak.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [entry, setEntry] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) {
      setEntry(undefined);
      return;
    }
    const url = URL.createObjectURL(blob);
    setEntry({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Until the effect has run for a new blob, the old (already revoked) URL must not be shown.
  return entry && entry.blob === blob ? entry.url : undefined;
}
