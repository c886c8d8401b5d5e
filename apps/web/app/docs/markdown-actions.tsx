import { CheckIcon, CopyIcon, FileTextIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { COPY_FAILED_MESSAGE, useCopy } from '~/tools/_shared/use-copy';

/** The page's Markdown (the very file the link opens), fetched once. */
function fetchMarkdown(path: string): Promise<string> {
  return fetch(path).then((response) => {
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  });
}

/**
 * "Copy page as Markdown" and "View as Markdown": the page's .md file (the one llms.txt links), so
 * the copied text is the file's. The file is fetched when the pointer or focus reaches the button, so
 * the click usually writes the clipboard at once (Safari refuses a write long after the gesture).
 */
export function MarkdownActions({ markdownPath }: { markdownPath: string }) {
  const { copied, error, copy } = useCopy();
  const [fetchFailed, setFetchFailed] = useState(false);
  const text = useRef<Promise<string> | null>(null);
  const load = () => {
    text.current ??= fetchMarkdown(markdownPath).catch((failure: unknown) => {
      text.current = null;
      throw failure;
    });
    return text.current;
  };
  const onCopy = async () => {
    // A failed fetch copies nothing and shows the clipboard failure message.
    const markdown = await load().catch(() => undefined);
    setFetchFailed(markdown === undefined);
    if (markdown !== undefined) await copy(markdown);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onPointerEnter={() => void load().catch(() => undefined)}
          onFocus={() => void load().catch(() => undefined)}
          onClick={() => void onCopy()}
        >
          {copied ? (
            <CheckIcon className="text-success" aria-hidden="true" />
          ) : (
            <CopyIcon aria-hidden="true" />
          )}
          Copy page as Markdown
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a href={markdownPath} type="text/markdown">
            <FileTextIcon aria-hidden="true" />
            View as Markdown
          </a>
        </Button>
      </div>
      <span className="sr-only" role="status">
        {copied ? 'Page copied to the clipboard as Markdown' : ''}
      </span>
      {(error || fetchFailed) && (
        <p role="alert" className="text-destructive text-sm">
          {error ?? COPY_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
