import { ArrowLeftIcon, SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { DOCS_ROOT } from '~/lib/catalog';

export interface NotFoundProps {
  /** The short code above the title. */
  code?: string;
  title?: string;
  message?: string;
  /** Render a <main> landmark (pages) or not (inside the docs layout, which has its own). */
  asMain?: boolean;
}

/** The 404 page, site-wide and inside the docs layout. */
export function NotFound({
  code = '404',
  title = 'Page not found',
  message = 'The page you are looking for does not exist or has moved.',
  asMain = true,
}: NotFoundProps) {
  const Wrapper = asMain ? 'main' : 'div';
  return (
    <Wrapper
      id={asMain ? 'main-content' : undefined}
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-5 px-4 py-24 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchXIcon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-mono font-semibold text-brand text-sm">{code}</p>
      <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={DOCS_ROOT}>Browse the docs</Link>
        </Button>
      </div>
    </Wrapper>
  );
}
