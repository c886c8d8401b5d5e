import type { OutputKind } from '@toolkit/catalog';
import { Loader2Icon, PlayIcon, XIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '~/components/ui/button';
import { ApiError } from '~/lib/api-client';
import { useApiKey } from '~/lib/api-key';
import { requestCode } from '~/lib/request-code';
import { isAbortError } from '~/lib/use-tool-mutation';
import { ApiKeyField } from '~/tools/_shared/api-key-field';
import { absoluteBase, CopyCodeButtons } from '~/tools/_shared/copy-request';
import { errorMessage } from '~/tools/_shared/format';
import { JobProgressBar } from '~/tools/_shared/job-progress';
import { ErrorAlert } from '~/tools/_shared/panel';
import { UploadProgressBar } from '~/tools/_shared/upload-progress';
import { PipelineResult } from './pipeline-result';
import { inputFiles, type PipelineRequest, type PipelineRun, sentPipeline } from './run-pipeline';

const FAILURE = 'An error occurred while running the pipeline.';

/** "Copy as" of the pipeline just run: its steps and input exactly as sent, the answer saved by its name. */
function CopyPipeline({ request, result }: { request: PipelineRequest; result: unknown }) {
  const auth = Boolean(useApiKey());
  const code = useMemo(() => {
    const named = result && typeof result === 'object' && 'filename' in result ? result.filename : undefined;
    const output =
      request.output === 'analysis'
        ? undefined
        : typeof named === 'string' && /^[^/\\]+$/.test(named) && named !== '..'
          ? named
          : 'pipeline-result';
    return requestCode(sentPipeline(request, { auth, base: absoluteBase(), output }));
  }, [request, result, auth]);
  return <CopyCodeButtons code={code} />;
}

/**
 * Run: the button, what is going on while the pipeline runs (upload progress, then the steps at
 * work, with Cancel), the contract's error naming the step that failed, and the result.
 */
export function RunSection({
  run,
  steps,
  problem,
  onRun,
  output,
  original,
  batch,
}: {
  run: PipelineRun;
  steps: number;
  /** Why the pipeline cannot run as it is (a step that does not fit). */
  problem: string | undefined;
  onRun: () => void;
  output: OutputKind | undefined;
  original: File | null;
  /** Whether the input is several files (the answer is a zip with a manifest). */
  batch: boolean;
}) {
  const error = run.error && !isAbortError(run.error) ? run.error : null;
  const working = run.isPending && !run.progress && !run.job;
  return (
    <section aria-labelledby="pipeline-run" className="flex flex-col gap-4">
      <h2 id="pipeline-run" className="font-semibold text-xl tracking-tight">
        Run
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="brand" size="lg" disabled={run.isPending} onClick={onRun}>
          {run.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <PlayIcon aria-hidden="true" />
          )}
          {run.isPending ? 'Running…' : 'Run pipeline'}
        </Button>
        {run.variables && <CopyPipeline request={run.variables} result={run.data?.result} />}
      </div>
      {problem && (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      )}
      <div role="status" aria-live="polite" className="text-muted-foreground text-sm empty:hidden">
        {working ? `Running ${steps} ${steps === 1 ? 'step' : 'steps'}…` : ''}
      </div>
      {working && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={run.cancel}>
            <XIcon aria-hidden="true" />
            Cancel
          </Button>
        </div>
      )}
      {run.isPending && run.job && <JobProgressBar job={run.job} onCancel={run.cancel} />}
      {run.isPending && !run.job && run.progress && (
        <UploadProgressBar progress={run.progress} onCancel={run.cancel} />
      )}
      {error && (
        <ErrorAlert
          title={run.failedStep ? `Step ${run.failedStep} failed` : 'The pipeline failed'}
          message={errorMessage(error, FAILURE)}
        />
      )}
      {error instanceof ApiError && error.status === 401 && <ApiKeyField />}
      {run.data && output && !run.isPending && (
        <PipelineResult
          outcome={run.data}
          output={output}
          original={original}
          batch={batch ? (run.variables ? inputFiles(run.variables.input) : []) : undefined}
        />
      )}
    </section>
  );
}
