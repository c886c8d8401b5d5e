import { useState } from 'react';
import type { FileResult } from '~/lib/api-client';
import { mediaType } from '~/lib/tool-response';
import { cn } from '~/lib/utils';
import { formatBytes } from '../format';
import { checkerboard } from '../image-preview';
import { useObjectUrl } from '../use-object-url';
import { DownloadButton, downloadName, Fact, Facts, ResultSection, sizeChange } from './result-card';

/**
 * A binary image result: the picture, its real dimensions (decoded by the browser, the headers until
 * then), its size against the original's, and a download link to the local object URL.
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
  const [decoded, setDecoded] = useState<{ url: string; width: number; height: number }>();
  const natural = decoded && decoded.url === url ? decoded : undefined;
  const width = natural?.width ?? result.width;
  const height = natural?.height ?? result.height;
  const name = downloadName(result, original, operation);
  const change = sizeChange(original?.size, result.blob.size);

  return (
    <ResultSection>
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
          <Facts>
            <Fact label="Dimensions" testId="result-dimensions">
              {width && height ? `${width} × ${height} px` : '…'}
            </Fact>
            <Fact label="Size" note={change}>
              {formatBytes(result.blob.size)}
            </Fact>
            <Fact label="Type" mono>
              {mediaType(result.contentType) || 'image'}
            </Fact>
            <Fact label="File" mono>
              {name}
            </Fact>
          </Facts>
          <DownloadButton blob={result.blob} name={name} />
        </div>
      </div>
    </ResultSection>
  );
}
