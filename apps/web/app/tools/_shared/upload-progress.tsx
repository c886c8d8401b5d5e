import { XIcon } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { Button } from '~/components/ui/button';
import type { UploadProgress } from '~/lib/api-client';
import { cn } from '~/lib/utils';
import { formatBytes } from './format';

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
  const { loaded, total } = progress;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;
  const sent = total !== undefined && loaded >= total;
  const label = sent
    ? 'Uploaded; processing…'
    : `Uploading… ${formatBytes(loaded)}${total ? ` of ${formatBytes(total)}` : ''}`;
  return (
    <ProgressBar
      label={label}
      percent={percent}
      cancelLabel="Cancel upload"
      onCancel={sent ? undefined : onCancel}
    />
  );
}

/**
 * A labelled bar with a button that cancels (when `onCancel` is given); without a percentage the bar
 * is full and faint (indeterminate). `children` follow the bar (a live region).
 */
export function ProgressBar({
  label,
  percent,
  cancelLabel,
  onCancel,
  children,
  ...props
}: ComponentProps<'div'> & {
  label: string;
  percent: number | undefined;
  cancelLabel: string;
  onCancel?: () => void;
}) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1.5" {...props}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={labelId} className="text-muted-foreground tabular-nums">
          {label}
        </span>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            <XIcon aria-hidden="true" />
            {cancelLabel}
          </Button>
        )}
      </div>
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
      {children}
    </div>
  );
}
