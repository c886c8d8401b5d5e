import { kindNames, type LiveTool, maxPipelineSteps, outputKind } from '@toolkit/catalog';
import { type Ref, useId } from 'react';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { nextChoices, opOf, requestStep, toolOfOp } from './chain';
import type { InputChoice, StepState } from './pipeline-url';

/** What the next step is given, in words: 'typed text', 'an image', 'JSON'. */
export function givenNext(input: InputChoice, steps: readonly StepState[]): string {
  const last = steps.at(-1);
  const tool = last && toolOfOp(last.op);
  if (!last || !tool) return input === 'text' ? 'typed text' : 'a file';
  const { op: _op, ...fields } = requestStep(last);
  return kindNames[outputKind(tool, fields, false)];
}

/**
 * 'Add a step': a list of only the operations that can take what comes before (chain.ts, from the
 * catalog's media kinds). Choosing one adds it at the end.
 */
export function AddStep({
  input,
  steps,
  onAdd,
  triggerRef,
}: {
  input: InputChoice;
  steps: readonly StepState[];
  onAdd: (op: string) => void;
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const full = steps.length >= maxPipelineSteps;
  const choices: LiveTool[] = full ? [] : nextChoices(input, steps);
  const given = givenNext(input, steps);
  const help = full
    ? `A pipeline has at most ${maxPipelineSteps} steps.`
    : choices.length === 0
      ? `No operation takes ${given}.`
      : `Only operations that take ${given} are listed.`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Add a step</Label>
      <Select value="" onValueChange={onAdd} disabled={full || choices.length === 0}>
        <SelectTrigger id={id} ref={triggerRef} aria-describedby={helpId} className="sm:max-w-md">
          <SelectValue placeholder="Choose an operation…" />
        </SelectTrigger>
        <SelectContent>
          {choices.map((tool) => (
            <SelectItem key={tool.id} value={opOf(tool)}>
              {tool.title}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={helpId} className="text-muted-foreground text-xs leading-5">
        {help}
      </p>
    </div>
  );
}
