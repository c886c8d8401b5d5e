import type { PdfToTextData } from '@toolkit/catalog';
import { Fact, Facts, ResultSection } from '../_shared/results/result-card';
import { TextBlock } from '../_shared/results/text-block';

/** Pages shown one by one; the whole text (copy, download) always has every page. */
const MAX_PAGES_SHOWN = 50;

function stem(name: string | undefined): string {
  const base = name?.replace(/\.[^.]*$/, '') || 'document';
  return base.replace(/[^\w.-]+/g, '-');
}

/** The extracted text: the document's information, the whole text, then page by page. */
export function PdfTextResult({ data, fileName }: { data: PdfToTextData; fileName: string | undefined }) {
  const { info } = data;
  const shown = data.pages.slice(0, MAX_PAGES_SHOWN);
  const created = info.created ? new Date(info.created).toISOString().slice(0, 10) : null;
  return (
    <ResultSection>
      <Facts>
        <Fact label="Pages" testId="pdf-page-count">
          {data.pages.length === data.pageCount
            ? data.pageCount
            : `${data.pages.length} of ${data.pageCount}`}
        </Fact>
        {info.title && <Fact label="Title">{info.title}</Fact>}
        {info.author && <Fact label="Author">{info.author}</Fact>}
        {info.creator && <Fact label="Creator">{info.creator}</Fact>}
        {info.producer && <Fact label="Producer">{info.producer}</Fact>}
        {created && <Fact label="Created">{created}</Fact>}
      </Facts>
      <TextBlock
        label="All text"
        value={data.text}
        copyLabel="Copy all text"
        fileName={`${stem(fileName)}-text.txt`}
        maxShown={20_000}
        wrap="lines"
      />
      <div className="flex flex-col gap-3" data-testid="pdf-pages">
        {shown.map((page) => (
          <TextBlock
            key={page.number}
            label={`Page ${page.number}`}
            value={page.text || '(no text on this page)'}
            copyLabel={`Copy page ${page.number}`}
            maxShown={10_000}
            wrap="lines"
          />
        ))}
        {data.pages.length > shown.length && (
          <p className="text-muted-foreground text-sm">
            Showing the first {shown.length} of {data.pages.length} pages; the text above has them all.
          </p>
        )}
      </div>
    </ResultSection>
  );
}
