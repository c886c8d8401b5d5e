import type { ReactNode } from 'react';
import type { DocumentResult } from '~/lib/api-client';
import { isTextType, LARGE_RESULT_BYTES, mediaType } from '~/lib/tool-response';
import { formatBytes } from '../format';
import { DownloadButton, downloadName, Fact, Facts, ResultSection } from './result-card';
import { TextBlock } from './text-block';

/**
 * A converted document (CSV, JSON, XML, text): its type and size, then the text with copy and
 * download. A result too large to lay out in the page (over LARGE_RESULT_BYTES) or not text at all is
 * offered as a download instead.
 */
export function TextResult({
  result,
  original,
  operation,
  label = 'Output',
  facts,
}: {
  result: DocumentResult;
  original?: { name: string } | null;
  operation: string;
  /** The text block's title, e.g. 'CSV'. */
  label?: string;
  /** More <Fact>s from the result headers, e.g. <Fact label="Rows">42</Fact>. */
  facts?: ReactNode;
}) {
  const name = downloadName(result, original, operation);
  const type = mediaType(result.contentType) || 'application/octet-stream';
  const size = result.blob.size;
  return (
    <ResultSection>
      <Facts>
        <Fact label="Type" mono>
          {type}
        </Fact>
        <Fact label="Size">{formatBytes(size)}</Fact>
        {facts}
      </Facts>
      {result.text !== undefined ? (
        <TextBlock label={label} value={result.text} copyLabel={`Copy ${label}`} wrap="lines" />
      ) : (
        <p className="text-muted-foreground text-sm" data-testid="download-instead">
          {isTextType(type)
            ? `The result is ${formatBytes(size)}, too large to show here (over ${formatBytes(LARGE_RESULT_BYTES)}): download it instead.`
            : `The result is a binary file (${type}): download it to open it.`}
        </p>
      )}
      <DownloadButton blob={result.blob} name={name} label={`Download ${name}`} />
    </ResultSection>
  );
}
