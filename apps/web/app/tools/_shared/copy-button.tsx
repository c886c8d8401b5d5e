import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '~/components/ui/tooltip';
import { cn } from '~/lib/utils';
import type { CopyState } from './use-copy';

/**
 * An icon button that copies `text`. Its icon turns into a check for 1.5 s after copying, and a live
 * region tells screen readers. The caller owns the CopyState, so it can show the failure alert where
 * it fits its layout. Needs the TooltipProvider of the docs layout.
 */
export function CopyButton({
  text,
  label,
  state,
  className,
}: {
  text: string;
  /** Accessible name, e.g. 'Copy Base64 string'. */
  label: string;
  state: CopyState;
  className?: string;
}) {
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            className={cn('text-muted-foreground hover:text-foreground', className)}
            onClick={() => void state.copy(text)}
            aria-label={label}
          >
            {state.copied ? (
              <CheckIcon className="text-success" aria-hidden="true" />
            ) : (
              <CopyIcon aria-hidden="true" />
            )}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{state.copied ? 'Copied' : label}</TooltipContent>
      </Tooltip>
      <span className="sr-only" role="status">
        {state.copied ? 'Copied to the clipboard' : ''}
      </span>
    </>
  );
}
