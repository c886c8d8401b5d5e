import { FileArchiveIcon, FileIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FileResult } from '~/lib/api-client';
import { mediaType, resultNumber } from '~/lib/tool-response';
import { formatBytes } from '../format';
import { DownloadButton, downloadName, Fact, Facts, ResultSection, sizeChange } from './result-card';

/**
 * A file to download (an archive, a converted file): its name, type and size, the size of what went
 * in (X-Original-Size, else the inputs' sizes) and the change, and the download button.
 */
export function FileResultCard({
  result,
  inputs = [],
  operation,
  facts,
}: {
  result: FileResult;
  /** The files that were sent (their names and sizes); the first names the fallback download. */
  inputs?: readonly File[];
  operation: string;
  /** More <Fact>s from the result headers. */
  facts?: ReactNode;
}) {
  const name = downloadName(result, inputs[0], operation);
  const type = mediaType(result.contentType) || 'application/octet-stream';
  const originalSize =
    resultNumber(result.headers, 'x-original-size') ??
    (inputs.length > 0 ? inputs.reduce((sum, file) => sum + file.size, 0) : undefined);
  const outputSize = resultNumber(result.headers, 'x-output-size') ?? result.blob.size;
  const change = sizeChange(originalSize, outputSize);
  const Icon = /zip|gzip|tar|compressed/.test(type) ? FileArchiveIcon : FileIcon;
  const inputsLabel = inputs.length > 1 ? `Input (${inputs.length} files)` : 'Input';
  return (
    <ResultSection>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-lg border bg-muted/40">
          <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <Facts>
            <Fact label="File" mono>
              {name}
            </Fact>
            <Fact label="Type" mono>
              {type}
            </Fact>
            {originalSize !== undefined && <Fact label={inputsLabel}>{formatBytes(originalSize)}</Fact>}
            <Fact label="Size" note={change} testId="result-size">
              {formatBytes(outputSize)}
            </Fact>
            {facts}
          </Facts>
          <DownloadButton blob={result.blob} name={name} variant="brand" />
        </div>
      </div>
    </ResultSection>
  );
}
