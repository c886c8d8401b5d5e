import { DownloadIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Button } from '~/components/ui/button';
import { CopyButton } from '../_shared/copy-button';
import { formatBytes } from '../_shared/format';
import { ErrorAlert } from '../_shared/panel';
import { useCopy } from '../_shared/use-copy';
import { useObjectUrl } from '../_shared/use-object-url';
import type { Base64Data } from './base64-panel';

/**
 * Longest text shown on the page. Beyond it (images over ~48 KB) the page shows the start and offers
 * the whole text by copy and download: laying out megabytes of unbroken text would freeze the tab.
 */
export const MAX_SHOWN_CHARACTERS = 65_536;

/** The result: the plain Base64 and the CSS url() form, each with its copy button (specification §2). */
export function Base64Result({ data }: { data: Base64Data }) {
  const headingId = useId();
  const growth = data.bytes > 0 ? Math.round((data.base64.length / data.bytes - 1) * 100) : 0;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex items-center gap-4">
        {/* A data: URI is allowed by the CSP (img-src data:) and shows what was encoded. */}
        <img
          src={data.dataUri}
          alt=""
          className="size-12 shrink-0 rounded-md border bg-muted object-contain"
          width={48}
          height={48}
        />
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-base">
            Result
          </h3>
          <p className="text-muted-foreground text-sm tabular-nums">
            {data.mimeType} · {data.width} × {data.height} px · {formatBytes(data.bytes)} →{' '}
            {formatBytes(data.base64.length)} encoded ({growth >= 0 ? '+' : ''}
            {growth}%)
          </p>
        </div>
      </div>
      <EncodedValue
        label="Base64"
        copyLabel="Copy Base64 string"
        value={data.base64}
        fileName="image.b64.txt"
      />
      <EncodedValue
        label="CSS url()"
        copyLabel="Copy CSS url()"
        value={data.cssUrl}
        fileName="image.css.txt"
      />
    </section>
  );
}

function EncodedValue({
  label,
  copyLabel,
  value,
  fileName,
}: {
  label: string;
  copyLabel: string;
  value: string;
  fileName: string;
}) {
  const copy = useCopy();
  const labelId = useId();
  const truncated = value.length > MAX_SHOWN_CHARACTERS;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 id={labelId} className="font-medium text-sm">
          {label}
          <span className="ml-2 font-normal text-muted-foreground text-xs tabular-nums">
            {value.length.toLocaleString('en')} characters
          </span>
        </h4>
        <div className="flex items-center gap-1">
          {truncated && <DownloadText text={value} fileName={fileName} />}
          <CopyButton text={value} label={copyLabel} state={copy} />
        </div>
      </div>
      <section
        aria-labelledby={labelId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="max-h-44 overflow-auto rounded-lg border bg-code p-3"
      >
        <pre className="whitespace-pre-wrap break-all font-mono text-xs leading-5">
          {truncated ? value.slice(0, MAX_SHOWN_CHARACTERS) : value}
        </pre>
      </section>
      {truncated && (
        <p className="text-muted-foreground text-xs">
          Showing the first {MAX_SHOWN_CHARACTERS.toLocaleString('en')} characters. Copy or download the whole
          text.
        </p>
      )}
      {copy.error && <ErrorAlert message={copy.error} />}
    </div>
  );
}

function DownloadText({ text, fileName }: { text: string; fileName: string }) {
  const blob = useMemo(() => new Blob([text], { type: 'text/plain' }), [text]);
  const url = useObjectUrl(blob);
  if (!url) return null;
  return (
    <Button asChild variant="ghost" size="icon-sm" className="text-muted-foreground hover:text-foreground">
      <a href={url} download={fileName} aria-label={`Download ${fileName}`}>
        <DownloadIcon aria-hidden="true" />
      </a>
    </Button>
  );
}
