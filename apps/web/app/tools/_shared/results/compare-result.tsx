import { useId, useRef, useState } from 'react';
import type { FileResult } from '~/lib/api-client';
import { resultNumber } from '~/lib/tool-response';
import { cn } from '~/lib/utils';
import { formatBytes } from '../format';
import { checkerboard } from '../image-preview';
import { useObjectUrl } from '../use-object-url';
import { DownloadButton, downloadName, Fact, Facts, ResultSection } from './result-card';

type View = 'side' | 'slider';
type Zoom = 'fit' | 'actual';

/** '38% saved', or what happened when nothing was saved. */
export function savings(before: number, after: number): string {
  if (before <= 0) return '';
  const percent = Math.round((1 - after / before) * 100);
  if (percent > 0) return `${percent}% saved`;
  return percent === 0 ? 'no change in size' : `${-percent}% larger`;
}

/**
 * Before and after, at the same zoom: side by side (scrolling together at 100%) or one over the other
 * with a slider. With both sizes and the % saved: what a compressor's user looks at.
 */
export function CompareResult({
  result,
  original,
  operation,
  resultLabel = 'Result',
}: {
  result: FileResult;
  original: File;
  operation: string;
  resultLabel?: string;
}) {
  const before = useObjectUrl(original);
  const after = useObjectUrl(result.blob);
  const [view, setView] = useState<View>('side');
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [split, setSplit] = useState(50);
  const [widths, setWidths] = useState<{ before?: number; after?: number }>({});
  const panes = useRef<(HTMLDivElement | null)[]>([]);
  const sliderId = useId();

  const originalSize = resultNumber(result.headers, 'x-original-size') ?? original.size;
  const outputSize = resultNumber(result.headers, 'x-output-size') ?? result.blob.size;
  const unchanged = result.headers.get('x-compression') === 'none';
  const widest = Math.max(widths.before ?? 0, widths.after ?? 0);
  const name = downloadName(result, original, operation);

  /** The same scale for both: at 'fit' the wider picture fills its pane and the other is scaled alike. */
  const imageStyle = (natural: number | undefined) =>
    zoom === 'actual' || !natural || !widest ? undefined : { width: `${(natural / widest) * 100}%` };
  /** At 100% the panes scroll together, so both show the same region. */
  const syncScroll = (from: number) => {
    const source = panes.current[from];
    const target = panes.current[1 - from];
    if (!source || !target) return;
    target.scrollLeft = source.scrollLeft;
    target.scrollTop = source.scrollTop;
  };

  const picture = (which: 'before' | 'after', url: string | undefined, alt: string, className?: string) =>
    url && (
      <img
        src={url}
        alt={alt}
        style={
          view === 'side'
            ? imageStyle(widths[which])
            : which === 'after'
              ? { clipPath: `inset(0 0 0 ${split}%)` }
              : undefined
        }
        className={cn(zoom === 'actual' && view === 'side' ? 'max-w-none' : 'max-w-full', className)}
        onLoad={(event) => {
          const width = event.currentTarget.naturalWidth;
          setWidths((current) => ({ ...current, [which]: width }));
        }}
      />
    );

  return (
    <ResultSection>
      <Facts>
        <Fact label="Original">{formatBytes(originalSize)}</Fact>
        <Fact label={resultLabel}>{formatBytes(outputSize)}</Fact>
        <Fact
          label="Saved"
          testId="size-saved"
          note={unchanged && 'Nothing smaller could be made: the original came back unchanged.'}
        >
          {savings(originalSize, outputSize)}
        </Fact>
      </Facts>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Choice
          label="View"
          value={view}
          onChange={setView}
          options={[
            ['side', 'Side by side'],
            ['slider', 'Slider'],
          ]}
        />
        {view === 'side' && (
          <Choice
            label="Zoom"
            value={zoom}
            onChange={setZoom}
            options={[
              ['fit', 'Fit'],
              ['actual', '100%'],
            ]}
          />
        )}
      </div>
      {view === 'side' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {(['before', 'after'] as const).map((which, index) => (
            <figure key={which} className="m-0 flex min-w-0 flex-col gap-1.5">
              <figcaption className="text-muted-foreground text-xs">
                {which === 'before' ? 'Original' : resultLabel}
              </figcaption>
              <div
                ref={(element) => {
                  panes.current[index] = element;
                }}
                onScroll={() => zoom === 'actual' && syncScroll(index)}
                // At 100% the pane scrolls: keyboard users must be able to reach it.
                tabIndex={zoom === 'actual' ? 0 : undefined}
                className={cn(
                  'flex h-64 rounded-lg border p-2 sm:h-72',
                  zoom === 'actual'
                    ? 'items-start overflow-auto'
                    : 'items-center justify-center overflow-hidden',
                  checkerboard,
                )}
              >
                {picture(
                  which,
                  which === 'before' ? before : after,
                  which === 'before' ? `Original: ${original.name}` : `${resultLabel}: ${name}`,
                  zoom === 'fit' ? 'max-h-full object-contain' : undefined,
                )}
              </div>
            </figure>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <div className={cn('relative h-72 overflow-hidden rounded-lg border', checkerboard)}>
            {picture(
              'before',
              before,
              `Original: ${original.name}`,
              'absolute inset-0 size-full object-contain',
            )}
            {picture('after', after, `${resultLabel}: ${name}`, 'absolute inset-0 size-full object-contain')}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 w-0.5 bg-brand"
              style={{ left: `${split}%` }}
            />
          </div>
          <label htmlFor={sliderId} className="text-muted-foreground text-xs">
            Original on the left, {resultLabel.toLowerCase()} on the right of the line
          </label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            value={split}
            onChange={(event) => setSplit(Number(event.currentTarget.value))}
            className="w-full accent-brand"
            aria-valuetext={`${split}% original`}
          />
        </div>
      )}
      <DownloadButton blob={result.blob} name={name} />
    </ResultSection>
  );
}

function Choice<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly (readonly [T, string])[];
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset.
    <div role="group" aria-label={label} className="flex items-center gap-1">
      <span className="mr-1 text-muted-foreground" aria-hidden="true">
        {label}
      </span>
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'rounded-md border px-2.5 py-1 text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
            value === option
              ? 'border-brand bg-brand-soft font-medium text-foreground'
              : 'bg-background hover:bg-accent',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
