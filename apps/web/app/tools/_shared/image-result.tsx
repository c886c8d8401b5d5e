import { DownloadIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import type { FileResult } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { fileStem, formatBytes } from './format';
import { checkerboard } from './image-preview';
import { useObjectUrl } from './use-object-url';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
};

/** The download name: the server's (Content-Disposition), else '<original stem>-<operation>.<ext>'. */
export function downloadName(result: FileResult, original: File | null, operation: string): string {
  if (result.filename) return result.filename;
  const type = result.contentType.split(';')[0]?.trim() ?? '';
  return `${fileStem(original?.name ?? 'image')}-${operation}.${extensions[type] ?? 'bin'}`;
}

function sizeChange(before: number, after: number): string | undefined {
  if (before <= 0) return undefined;
  const percent = Math.round(((after - before) / before) * 100);
  if (percent === 0) return 'same size as the original';
  return percent < 0 ? `${-percent}% smaller than the original` : `${percent}% larger than the original`;
}

/**
 * A binary image result: the picture, its real dimensions (decoded by the browser, the headers until
 * then), its size, and a download link to the local object URL.
 */
export function ImageResult({
  result,
  original,
  operation,
}: {
  result: FileResult;
  original: File | null;
  /** Used in the fallback download name, e.g. 'resized'. */
  operation: string;
}) {
  const url = useObjectUrl(result.blob);
  const headingId = useId();
  const [decoded, setDecoded] = useState<{ url: string; width: number; height: number }>();
  const natural = decoded && decoded.url === url ? decoded : undefined;
  const width = natural?.width ?? result.width;
  const height = natural?.height ?? result.height;
  const name = downloadName(result, original, operation);
  const change = original ? sizeChange(original.size, result.blob.size) : undefined;
  const type = result.contentType.split(';')[0] || 'image';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h3 id={headingId} className="font-semibold text-base">
        Result
      </h3>
      <div className="flex flex-col gap-5 md:flex-row md:items-start">
        <div
          className={cn(
            'flex min-h-40 items-center justify-center overflow-hidden rounded-lg border p-2 md:w-1/2',
            checkerboard,
          )}
        >
          {url && (
            <img
              src={url}
              alt={width && height ? `Result, ${width} × ${height} pixels` : 'Result'}
              className="max-h-80 max-w-full object-contain"
              onLoad={(event) => {
                const img = event.currentTarget;
                setDecoded({ url, width: img.naturalWidth, height: img.naturalHeight });
              }}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Dimensions</dt>
            <dd className="font-medium tabular-nums" data-testid="result-dimensions">
              {width && height ? `${width} × ${height} px` : '…'}
            </dd>
            <dt className="text-muted-foreground">Size</dt>
            <dd className="font-medium tabular-nums">
              {formatBytes(result.blob.size)}
              {change && <span className="block font-normal text-muted-foreground text-xs">{change}</span>}
            </dd>
            <dt className="text-muted-foreground">Type</dt>
            <dd className="font-mono text-xs leading-5">{type}</dd>
            <dt className="text-muted-foreground">File</dt>
            <dd className="break-all font-mono text-xs leading-5">{name}</dd>
          </dl>
          {url && (
            <Button asChild variant="outline" className="self-start">
              <a href={url} download={name}>
                <DownloadIcon aria-hidden="true" />
                Download
              </a>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
