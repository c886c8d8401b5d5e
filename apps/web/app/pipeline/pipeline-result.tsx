import type { OutputKind } from '@toolkit/catalog';
import type { AnalysisResult as Analysis, DocumentResult, FileResult } from '~/lib/api-client';
import { AnalysisResult } from '~/tools/_shared/results/analysis-result';
import { FileResultCard } from '~/tools/_shared/results/file-result';
import { ImageResult } from '~/tools/_shared/results/image-result';
import { TextResult } from '~/tools/_shared/results/text-result';
import { BatchResult } from './batch-result';
import type { PipelineOutcome } from './run-pipeline';
import { formatDuration } from './step-card';

/** Each step's time and the total, from Server-Timing. */
function Timings({ timings }: { timings: PipelineOutcome['timings'] }) {
  if (timings.length === 0) return null;
  const total = timings.reduce((sum, t) => sum + t.ms, 0);
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:p-6">
      <h3 className="font-semibold text-base">Time per step</h3>
      <ol className="flex flex-col gap-1 text-sm" aria-label="Time per step">
        {timings.map((t) => (
          <li key={t.step} className="flex flex-wrap justify-between gap-x-4">
            <span>
              Step {t.step} <code className="font-mono text-muted-foreground text-xs">{t.op}</code>
            </span>
            <span className="tabular-nums">{formatDuration(t.ms)}</span>
          </li>
        ))}
      </ol>
      <p className="flex justify-between gap-4 border-t pt-2 font-medium text-sm">
        <span>All steps</span>
        <span className="tabular-nums">{formatDuration(total)}</span>
      </p>
    </div>
  );
}

/**
 * The last step's answer, shown by its operation's output kind: a picture, text, JSON or a file; a
 * batch's zip with each file's outcome.
 */
export function PipelineResult({
  outcome,
  output,
  original,
  batch,
}: {
  outcome: PipelineOutcome;
  output: OutputKind;
  original: File | null;
  /** The files of a batch (none when it was resumed after a reload), undefined for one input. */
  batch: readonly File[] | undefined;
}) {
  const { result } = outcome;
  const view = batch ? (
    <BatchResult result={result as FileResult} inputs={batch} />
  ) : output === 'analysis' ? (
    <AnalysisResult data={(result as Analysis).data} />
  ) : output === 'image' ? (
    <ImageResult result={result as FileResult} original={original} operation="pipeline" />
  ) : output === 'document' ? (
    <TextResult result={result as DocumentResult} original={original} operation="pipeline" />
  ) : (
    <FileResultCard result={result as FileResult} inputs={original ? [original] : []} operation="pipeline" />
  );
  return (
    <div className="flex flex-col gap-4" data-pipeline-result="">
      {view}
      <Timings timings={outcome.timings} />
    </div>
  );
}
