import { DownloadIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '~/components/ui/button';
import { useObjectUrl } from '../use-object-url';

/** An icon link that downloads `text` as a file (made locally, nothing is fetched). */
export function DownloadIconButton({
  text,
  type,
  fileName,
}: {
  text: string;
  type: string;
  fileName: string;
}) {
  const blob = useMemo(() => new Blob([text], { type }), [text, type]);
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
