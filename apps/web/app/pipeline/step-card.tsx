import { ArrowDownIcon, ArrowUpIcon, TimerIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { toolOfOp } from './chain';
import type { StepState } from './pipeline-url';
import { StepFields, type StepFieldsProps } from './step-fields';

/** How long a step took, as Server-Timing said: '12.3 ms', '1.24 s'. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export interface StepCardProps extends Pick<StepFieldsProps, 'errors' | 'onSet' | 'onErrors'> {
  step: StepState;
  index: number;
  count: number;
  /** The step's time in the last run. */
  ms: number | undefined;
  /** Why this step cannot run: the chain check's sentence, or the server's error naming it. */
  problem: string | undefined;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One step: its operation, its fields, its last time; move it up or down, or remove it. */
export function StepCard({ step, index, count, ms, problem, onMove, onRemove, ...fields }: StepCardProps) {
  const headingId = useId();
  const problemId = useId();
  const tool = toolOfOp(step.op);
  const n = index + 1;
  return (
    <li>
      <section
        aria-labelledby={headingId}
        aria-describedby={problem ? problemId : undefined}
        data-step={n}
        className={cn(
          'flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5',
          problem && 'border-destructive',
        )}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h3 id={headingId} className="font-semibold text-base tracking-tight">
              <span className="text-muted-foreground">Step {n}:</span> {tool?.title ?? step.op}
            </h3>
            <code className="break-all font-mono text-muted-foreground text-xs">{step.op}</code>
          </div>
          <div className="flex items-center gap-1">
            {ms !== undefined && (
              <span
                className="mr-2 inline-flex items-center gap-1 text-muted-foreground text-sm"
                data-step-time=""
              >
                <TimerIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Took </span>
                {formatDuration(ms)}
              </span>
            )}
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Move step ${n} up`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <ArrowUpIcon aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Move step ${n} down`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <ArrowDownIcon aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon-sm" aria-label={`Remove step ${n}`} onClick={onRemove}>
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        </div>
        {problem && (
          <p id={problemId} className="rounded-md bg-destructive-soft px-3 py-2 text-destructive text-sm">
            {problem}
          </p>
        )}
        {tool && <StepFields tool={tool} step={step} {...fields} />}
      </section>
    </li>
  );
}
