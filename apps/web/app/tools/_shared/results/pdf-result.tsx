import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import type { FileResult } from '~/lib/api-client';
import { formatBytes } from '../format';
import { useObjectUrl } from '../use-object-url';
import { DownloadButton, downloadName, Fact, Facts, ResultSection } from './result-card';

const PDF_TYPE = 'application/pdf';
const noChange = () => () => {};
/** False in browsers that say they cannot show PDFs inline (navigator.pdfViewerEnabled). */
const pdfViewerEnabled = () => navigator.pdfViewerEnabled !== false;

/**
 * A PDF result: shown in the browser's own viewer (an iframe of the local blob: URL; the page's CSP
 * allows frame-src blob:), with its size and the download. A browser without a PDF viewer shows the
 * note instead of the frame, and the download still works.
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
  // The viewer picks its renderer by the blob's type: make sure it says PDF.
  const pdf = useMemo(
    () => (result.blob.type === PDF_TYPE ? result.blob : new Blob([result.blob], { type: PDF_TYPE })),
    [result.blob],
  );
  const url = useObjectUrl(pdf);
  const viewer = useSyncExternalStore(noChange, pdfViewerEnabled, () => true);
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
      {!viewer && (
        <p className="text-muted-foreground text-sm" data-testid="no-pdf-viewer">
          This browser does not show PDFs in the page: download the file to open it.
        </p>
      )}
      {url && viewer && (
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
