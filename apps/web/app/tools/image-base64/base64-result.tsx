import type { imageBase64Response } from '@toolkit/catalog';
import type { z } from 'zod';
import { formatBytes } from '../_shared/format';
import { ResultSection } from '../_shared/results/result-card';
import { TextBlock } from '../_shared/results/text-block';

export type Base64Data = z.infer<typeof imageBase64Response>;

/**
 * Longest text shown on the page. Beyond it (images over ~48 KB) the page shows the start and offers
 * the whole text by copy and download: laying out megabytes of unbroken text would freeze the tab.
 */
export const MAX_SHOWN_CHARACTERS = 65_536;

/** The result: the plain Base64 and the CSS url() form, each with its copy button (specification §2). */
export function Base64Result({ data }: { data: Base64Data }) {
  const growth = data.bytes > 0 ? Math.round((data.base64.length / data.bytes - 1) * 100) : 0;
  const shown = { maxShown: MAX_SHOWN_CHARACTERS, type: 'text/plain' } as const;
  return (
    <ResultSection>
      <div className="flex items-center gap-4">
        {/* A data: URI is allowed by the CSP (img-src data:) and shows what was encoded. */}
        <img
          src={data.dataUri}
          alt=""
          className="size-12 shrink-0 rounded-md border bg-muted object-contain"
          width={48}
          height={48}
        />
        <p className="min-w-0 text-muted-foreground text-sm tabular-nums">
          {data.mimeType} · {data.width} × {data.height} px · {formatBytes(data.bytes)} →{' '}
          {formatBytes(data.base64.length)} encoded ({growth >= 0 ? '+' : ''}
          {growth}%)
        </p>
      </div>
      <TextBlock
        label="Base64"
        copyLabel="Copy Base64 string"
        value={data.base64}
        fileName="image.b64.txt"
        {...shown}
      />
      <TextBlock
        label="CSS url()"
        copyLabel="Copy CSS url()"
        value={data.cssUrl}
        fileName="image.css.txt"
        {...shown}
      />
    </ResultSection>
  );
}
