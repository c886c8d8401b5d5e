import { useId } from 'react';
import { CopyButton } from '../copy-button';
import { formatCount } from '../format';
import { ErrorAlert } from '../panel';
import { useCopy } from '../use-copy';
import { DownloadIconButton } from './download-icon-button';

/**
 * A titled block of monospaced text with its copy button (and a download button). Text longer than
 * `maxShown` characters shows its start only; copy and download still take the whole text.
 */
export function TextBlock({
  label,
  value,
  copyLabel,
  fileName,
  type = 'text/plain',
  maxShown = Number.POSITIVE_INFINITY,
  wrap = 'anywhere',
}: {
  label: string;
  value: string;
  /** Accessible name of the copy button, e.g. 'Copy Base64 string'. */
  copyLabel: string;
  /** Download name; without it there is no download button. */
  fileName?: string;
  /** Media type of the download. */
  type?: string;
  maxShown?: number;
  /** 'anywhere' for unbroken strings (Base64), 'lines' to keep a document's lines. */
  wrap?: 'anywhere' | 'lines';
}) {
  const copy = useCopy();
  const labelId = useId();
  const truncated = value.length > maxShown;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 id={labelId} className="font-medium text-sm">
          {label}
          <span className="ml-2 font-normal text-muted-foreground text-xs tabular-nums">
            {formatCount(value.length, 'character')}
          </span>
        </h4>
        <div className="flex items-center gap-1">
          {fileName && <DownloadIconButton text={value} type={type} fileName={fileName} />}
          <CopyButton text={value} label={copyLabel} state={copy} />
        </div>
      </div>
      <section
        aria-labelledby={labelId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-lg border bg-code p-3"
      >
        <pre
          className={
            wrap === 'lines'
              ? 'whitespace-pre font-mono text-xs leading-5'
              : 'whitespace-pre-wrap break-all font-mono text-xs leading-5'
          }
        >
          {truncated ? value.slice(0, maxShown) : value}
        </pre>
      </section>
      {truncated && (
        <p className="text-muted-foreground text-xs">
          Showing the first {maxShown.toLocaleString('en')} characters. Copy or download the whole text.
        </p>
      )}
      {copy.error && <ErrorAlert message={copy.error} />}
    </div>
  );
}
