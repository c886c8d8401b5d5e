import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '~/components/ui/button';
import type { FileResult } from '~/lib/api-client';
import { mediaType } from '~/lib/tool-response';
import { cn } from '~/lib/utils';
import { fileStem } from '../format';
import { useObjectUrl } from '../use-object-url';

/*
 * The parts every result viewer is made of: the titled section, the facts list, the download link
 * and the download name.
 */

/** The result's section: an h3 (panels start at h2), then the viewer. Named by its heading. */
export function ResultSection({
  title = 'Result',
  actions,
  children,
  className,
}: {
  title?: string;
  /** Buttons beside the heading (copy, download). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-base">
          {title}
        </h3>
        {actions && <div className="flex items-center gap-1">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A list of facts about a result: put <Fact> elements in it. */
export function Facts({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm', className)}>{children}</dl>;
}

/** One label/value pair of Facts; `note` is a smaller line under the value ('38% smaller…'). */
export function Fact({
  label,
  children,
  note,
  mono = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
  /** Types and file names: monospaced. */
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          'min-w-0 break-words',
          mono ? 'break-all font-mono text-xs leading-5' : 'font-medium tabular-nums',
        )}
      >
        {children}
        {note && <span className="block font-normal font-sans text-muted-foreground text-xs">{note}</span>}
      </dd>
    </div>
  );
}

/** A link that downloads the blob under `name` (a local object URL: nothing is fetched again). */
export function DownloadButton({
  blob,
  name,
  label = 'Download',
  variant = 'outline',
}: {
  blob: Blob;
  name: string;
  label?: string;
  variant?: 'outline' | 'brand';
}) {
  const url = useObjectUrl(blob);
  if (!url) return null;
  return (
    <Button asChild variant={variant} className="self-start">
      <a href={url} download={name}>
        <DownloadIcon aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/json': 'json',
  'application/xml': 'xml',
  'application/yaml': 'yaml',
  'text/csv': 'csv',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/markdown': 'md',
};

/** The download name: the server's (Content-Disposition), else '<original stem>-<operation>.<ext>'. */
export function downloadName(
  result: Pick<FileResult, 'filename' | 'contentType'>,
  original: { name: string } | null | undefined,
  operation: string,
): string {
  if (result.filename) return result.filename;
  const extension = extensions[mediaType(result.contentType)] ?? 'bin';
  return `${fileStem(original?.name ?? 'result')}-${operation}.${extension}`;
}

/** '38% smaller than the original', 'same size as the original'… or undefined without a before size. */
export function sizeChange(before: number | undefined, after: number): string | undefined {
  if (!before || before <= 0) return undefined;
  const percent = Math.round(((after - before) / before) * 100);
  if (percent === 0) return 'same size as the original';
  return percent < 0 ? `${-percent}% smaller than the original` : `${percent}% larger than the original`;
}
