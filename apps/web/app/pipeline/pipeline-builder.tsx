import { type InputKind, maxPipelineSteps } from '@toolkit/catalog';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ASYNC_MIN_BYTES, jobIdInUrl, setJobIdInUrl } from '~/lib/jobs';
import { useFileUpload } from '~/tools/_shared/use-file-upload';
import { useFilesUpload } from '~/tools/_shared/use-files-upload';
import { AddStep } from './add-step';
import { chainProblem, defaultInput, requestStep, runsAsJob, toolOfOp } from './chain';
import { PipelineInput } from './pipeline-input';
import type { InputChoice, PipelineState, StepState } from './pipeline-url';
import { inputBytes, pipelineEndpoint, usePipelineRun } from './run-pipeline';
import { RunSection } from './run-section';
import { SharedPreview } from './shared-preview';
import { StepCard } from './step-card';
import { stepErrors } from './step-fields';
import { usePipelineState } from './use-pipeline-state';

const anyFile: InputKind = { kind: 'file', field: 'file', accept: [] };
/** Files of a batch: two at least (one file is a plain run), at most the server's default MULTIPART_MAX_FILES. */
const BATCH_MIN_FILES = 2;
const BATCH_MAX_FILES = 10;

/** A batch's list, filtered and previewed as the first step's file input. */
function batchInput(first: InputKind): Extract<InputKind, { kind: 'files' }> {
  const accept = first.kind === 'file' ? first.accept : [];
  const field = first.field === 'image' ? 'images' : 'files';
  return { kind: 'files', field, accept, min: BATCH_MIN_FILES, max: BATCH_MAX_FILES };
}

/** Keys that follow a step when it moves: its operation and how many of it come before. */
function stepKeys(steps: readonly StepState[]): string[] {
  const seen = new Map<string, number>();
  return steps.map((step) => {
    const n = seen.get(step.op) ?? 0;
    seen.set(step.op, n + 1);
    return `${step.op}#${n}`;
  });
}

/**
 * The pipeline builder: an input, up to 10 steps (each offered only if it takes what comes before),
 * each step's fields, then Run with each step's time and the result. The whole of it but a file
 * lives in the page's address, so the link reproduces it.
 */
export default function PipelineBuilder() {
  const [state, setState, hydrated] = usePipelineState();
  const steps = state.steps.slice(0, maxPipelineSteps);
  const input: InputChoice = state.input ?? defaultInput(steps);
  const run = usePipelineRun();
  const first = steps[0] && toolOfOp(steps[0].op);
  // The picker filters and previews by what the first step takes (an image for image steps).
  const fileInput = first?.api.input.kind === 'file' ? first.api.input : anyFile;
  const upload = useFileUpload(fileInput, run.reset);
  const batch = useFilesUpload(batchInput(fileInput), run.reset);
  const [errors, setErrors] = useState<Record<string, string>[]>([]);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<{ step: number; dir: 'up' | 'down' } | 'add' | null>(null);

  const problem = chainProblem(input, steps);
  const lastTool = steps.length > 0 ? toolOfOp(steps[steps.length - 1]?.op ?? '') : undefined;
  // A batch answers with one zip, whatever its last step gives.
  const output = input === 'files' ? 'archive' : lastTool?.api.output;

  // Once the address's pipeline is taken up after hydration: the job a reloaded page was following.
  const resumed = useRef(false);
  useEffect(() => {
    if (!hydrated || resumed.current) return;
    resumed.current = true;
    const id = jobIdInUrl();
    if (id && output && !problem) run.resume(id, pipelineEndpoint(output));
    else if (id) setJobIdInUrl(null);
  });

  /** A change to the latest state (several may come in one go), its input made explicit. */
  const change = (edit: (current: PipelineState & { input: InputChoice }) => Partial<PipelineState>) =>
    setState((current) => {
      const base = { ...current, input: current.input ?? defaultInput(current.steps) };
      return { ...base, ...edit(base) };
    });
  const update = (patch: Partial<PipelineState>) => change(() => patch);
  /** A change of the steps themselves: old times, errors and result no longer describe them. */
  const restructure = (next: StepState[]) => {
    setErrors([]);
    run.reset();
    update({ steps: next });
  };

  // Keep keyboard focus on the control that moved or on 'Add a step' after a removal.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'add') return addRef.current?.focus();
    const card = document.querySelector(`[data-step="${target.step}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(
      `button[aria-label="Move step ${target.step} ${target.dir}"]`,
    );
    const other = target.dir === 'up' ? 'down' : 'up';
    const fallback = card?.querySelector<HTMLButtonElement>(
      `button[aria-label="Move step ${target.step} ${other}"]`,
    );
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
  });

  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    focusNext.current = { step: index + by + 1, dir: by < 0 ? 'up' : 'down' };
    restructure(next);
  };

  const submit = () => {
    const found = steps.map((step) => {
      const tool = toolOfOp(step.op);
      return tool ? stepErrors(tool, step) : {};
    });
    setErrors(found);
    if (steps.length === 0) return toast.error('Add a step before running the pipeline.');
    if (problem || !output || found.some((e) => Object.keys(e).length > 0)) return;
    if (input === 'text' && state.text === '') return toast.error('Please enter text before running.');
    const source = input === 'file' ? upload.take() : input === 'files' ? batch.take() : { text: state.text };
    if (!source) return;
    run.mutate({
      steps: steps.map(requestStep),
      input: source,
      output,
      asJob: runsAsJob(steps, inputBytes(source), ASYNC_MIN_BYTES),
    });
  };

  const stepProblem = (n: number): string | undefined => {
    if (problem?.step === n) return problem.message;
    if (run.error && run.failedStep === n) return run.error.message;
    return undefined;
  };

  const keys = stepKeys(steps);
  return (
    <>
      {!hydrated && <SharedPreview />}
      {/* Hidden while the shared link's placeholder, just before it, shows (until hydration). */}
      <div className="flex flex-col gap-8 peer-[:not([hidden])]:hidden">
        <PipelineInput
          input={input}
          onInput={(next) => {
            run.reset();
            update({ input: next });
          }}
          text={state.text}
          onText={(text) => update({ text })}
          upload={upload}
          batch={batch}
        />
        <section aria-labelledby="pipeline-steps" className="flex flex-col gap-4">
          <h2 id="pipeline-steps" className="font-semibold text-xl tracking-tight">
            Steps
          </h2>
          {steps.length === 0 && (
            <p className="text-muted-foreground text-sm">No steps yet: add the first one below.</p>
          )}
          <ol className="flex flex-col gap-4 empty:hidden">
            {steps.map((step, i) => (
              <StepCard
                key={keys[i]}
                step={step}
                index={i}
                count={steps.length}
                ms={run.data?.timings.find((t) => t.step === i + 1)?.ms}
                problem={stepProblem(i + 1)}
                errors={errors[i] ?? {}}
                onErrors={(found) => setErrors((all) => Object.assign([...all], { [i]: found }))}
                onSet={(name, value) =>
                  change((current) => ({
                    steps: current.steps.map((s, j) =>
                      j === i ? { ...s, values: { ...s.values, [name]: value } } : s,
                    ),
                  }))
                }
                onMove={(by) => move(i, by)}
                onRemove={() => {
                  focusNext.current = 'add';
                  restructure(steps.filter((_, j) => j !== i));
                }}
              />
            ))}
          </ol>
          <AddStep
            input={input}
            steps={steps}
            triggerRef={addRef}
            onAdd={(op) => restructure([...steps, { op, values: {} }])}
          />
        </section>
        <RunSection
          run={run}
          steps={steps.length}
          problem={problem?.message}
          onRun={submit}
          output={output}
          original={input === 'file' ? upload.file : null}
          batch={input === 'files'}
        />
      </div>
    </>
  );
}
