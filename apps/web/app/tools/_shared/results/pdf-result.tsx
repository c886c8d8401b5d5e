import type { ReactNode } from 'react';
import type { FileResult } from '~/lib/api-client';
import { formatBytes } from '../format';
import { useObjectUrl } from '../use-object-url';
import { DownloadButton, downloadName, Fact, Facts, ResultSection } from './result-card';

/**
 * A PDF result: shown in the browser's own viewer (an iframe of the local blob: URL; the page's CSP
 * allows frame-src blob:), with its size and the download. A browser without a PDF viewer shows the
 * fallback text inside the frame's place, and the download still works.
 */
export function PdfResult({
  result,
  original,
  operation,
  facts,
}: {
  result: FileResult;
  original?: { name: string } | null;
  operation: string;
  /** More <Fact>s, e.g. the characters no font could draw. */
  facts?: ReactNode;
}) {
  const url = useObjectUrl(result.blob);
  const name = downloadName(result, original, operation);
  return (
    <ResultSection>
      <Facts>
        <Fact label="File" mono>
          {name}
        </Fact>
        <Fact label="Size">{formatBytes(result.blob.size)}</Fact>
        {facts}
      </Facts>
      {url && (
        <iframe
          src={url}
          title={`PDF preview of ${name}`}
          className="h-[28rem] w-full rounded-lg border bg-muted sm:h-[36rem]"
        />
      )}
      <DownloadButton blob={result.blob} name={name} variant="brand" />
    </ResultSection>
  );
}
