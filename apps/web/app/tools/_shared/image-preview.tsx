import { ImageOffIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '~/lib/utils';

/** A checkerboard behind previews, so transparent pixels read as transparent in both themes. */
export const checkerboard =
  'bg-[repeating-conic-gradient(var(--color-muted)_0%_25%,var(--color-background)_0%_50%)] bg-size-[16px_16px]';

/**
 * The chosen image, shown from its object URL. A file the browser cannot draw (a TIFF, a damaged
 * JPEG) gets a note instead of a broken-image icon; the server may still read it.
 */
export function ImagePreview({ url, name, className }: { url: string; name: string; className?: string }) {
  const [brokenUrl, setBrokenUrl] = useState<string>();
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border',
        checkerboard,
        className,
      )}
    >
      {brokenUrl === url ? (
        <p className="flex flex-col items-center gap-2 p-4 text-center text-muted-foreground text-xs">
          <ImageOffIcon className="size-5" aria-hidden="true" />
          This browser cannot show a preview of this file.
        </p>
      ) : (
        <img
          src={url}
          alt={`Preview of ${name}`}
          className="max-h-full max-w-full object-contain"
          onError={() => setBrokenUrl(url)}
        />
      )}
    </div>
  );
}
