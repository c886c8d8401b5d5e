import { XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '~/components/ui/button';
import type { UploadProgress } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { formatBytes } from './format';

export const CANCEL_UPLOAD_LABEL = 'Cancel upload';

/**
 * The bar shown while a large upload travels (the API client reports progress for uploads from
 * PROGRESS_MIN_BYTES on). Once every byte is sent the server is working: the bar says so.
 */
export function UploadProgressBar({
  progress,
  onCancel,
}: {
  progress: UploadProgress;
  onCancel?: () => void;
}) {
  const labelId = useId();
  const { loaded, total } = progress;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;
  const sent = total !== undefined && loaded >= total;
  const label = sent
    ? 'Uploaded; processing…'
    : `Uploading… ${formatBytes(loaded)}${total ? ` of ${formatBytes(total)}` : ''}`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={labelId} className="text-muted-foreground tabular-nums">
          {label}
        </span>
        {onCancel && !sent && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            <XIcon aria-hidden="true" />
            {CANCEL_UPLOAD_LABEL}
          </Button>
        )}
      </div>
      <ProgressTrack labelId={labelId} percent={percent} />
    </div>
  );
}

/** The bar itself, labelled by `labelId`; without a percentage it is full and faint (indeterminate). */
export function ProgressTrack({ labelId, percent }: { labelId: string; percent: number | undefined }) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelId}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full bg-brand transition-[width] duration-200 motion-reduce:transition-none',
          percent === undefined && 'opacity-40',
        )}
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}
