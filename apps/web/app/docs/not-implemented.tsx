import { ConstructionIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';

const message = "This API endpoint is still under construction. We're working hard to get it ready for you.";

/** The specification's placeholder for documentation pages whose endpoint is not live yet. */
export function NotImplemented() {
  return (
    <section
      aria-labelledby="not-implemented-heading"
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-muted/40 px-6 py-14 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
        <ConstructionIcon className="size-6" aria-hidden="true" />
      </span>
      <h2 id="not-implemented-heading" className="font-semibold text-xl tracking-tight">
        API Not Implemented
      </h2>
      <p className="max-w-md text-muted-foreground text-sm leading-6">{message}</p>
      <Button disabled variant="outline">
        Coming Soon
      </Button>
    </section>
  );
}
