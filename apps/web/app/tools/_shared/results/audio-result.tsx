import { useState } from 'react';
import type { FileResult } from '~/lib/api-client';
import { mediaType, resultNumber } from '~/lib/tool-response';
import { formatBytes } from '../format';
import { useObjectUrl } from '../use-object-url';
import { DownloadButton, downloadName, Fact, Facts, ResultSection, sizeChange } from './result-card';

/** 75.4 → '1:15'; 3725 → '1:02:05'. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A converted audio file: the original and the result in players side by side, the duration
 * (X-Duration-Seconds, else what the player reads), both sizes, and the download.
 */
export function AudioResult({
  result,
  original,
  operation,
}: {
  result: FileResult;
  /** Null when the result is a job found again after a reload: only the result is played. */
  original: File | null;
  operation: string;
}) {
  const before = useObjectUrl(original);
  const after = useObjectUrl(result.blob);
  const [playerDuration, setPlayerDuration] = useState<number>();
  const duration = resultNumber(result.headers, 'x-duration-seconds') ?? playerDuration;
  const name = downloadName(result, original, operation);
  const change = sizeChange(original?.size, result.blob.size);
  const players = [
    ...(original ? [{ label: `Original (${original.name})`, url: before, onDuration: undefined }] : []),
    { label: `Result (${name})`, url: after, onDuration: setPlayerDuration },
  ];
  return (
    <ResultSection>
      <div className="grid gap-4 sm:grid-cols-2">
        {players.map(({ label, url, onDuration }) => (
          <figure key={label} className="m-0 flex min-w-0 flex-col gap-2">
            <figcaption className="truncate text-muted-foreground text-xs" title={label}>
              {label}
            </figcaption>
            {url && (
              // biome-ignore lint/a11y/useMediaCaption: converted music or speech has no caption track to offer.
              <audio
                controls
                preload="metadata"
                src={url}
                aria-label={label}
                className="w-full"
                onLoadedMetadata={(event) => {
                  const seconds = event.currentTarget.duration;
                  if (onDuration && Number.isFinite(seconds)) onDuration(seconds);
                }}
              />
            )}
          </figure>
        ))}
      </div>
      <Facts>
        <Fact label="Duration" testId="audio-duration">
          {duration !== undefined ? formatDuration(duration) : '…'}
        </Fact>
        <Fact label="Type" mono>
          {mediaType(result.contentType) || 'audio'}
        </Fact>
        <Fact label="Size" note={change}>
          {formatBytes(result.blob.size)}
        </Fact>
      </Facts>
      <DownloadButton blob={result.blob} name={name} variant="brand" />
    </ResultSection>
  );
}
