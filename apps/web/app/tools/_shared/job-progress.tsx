import type { JobView } from '~/lib/use-tool-mutation';
import { ProgressBar } from './upload-progress';

export const CANCEL_JOB_LABEL = 'Cancel job';

/** What the bar says of each state; running adds the percentage when the server knows it. */
export function jobLabel(job: Pick<JobView, 'status' | 'progress'>): string {
  switch (job.status) {
    case 'queued':
      return 'Queued: waiting for a free worker…';
    case 'running':
      return job.progress !== null && job.progress > 0 ? `Working… ${Math.round(job.progress)}%` : 'Working…';
    case 'succeeded':
      return 'Done; fetching the result…';
    case 'failed':
      return 'The job failed.';
    case 'cancelled':
      return 'The job was cancelled.';
  }
}

/**
 * The bar of a call running as an asynchronous job: its state, announced as it changes (a live
 * region speaks the state, not every percent), the progress when the server reports it (else the
 * bar is indeterminate), and a button that cancels the job on the server.
 */
export function JobProgressBar({ job, onCancel }: { job: JobView; onCancel?: () => void }) {
  const percent = job.status === 'running' && job.progress !== null ? Math.round(job.progress) : undefined;
  const active = job.status === 'queued' || job.status === 'running';
  return (
    <ProgressBar
      label={jobLabel(job)}
      percent={percent}
      cancelLabel={CANCEL_JOB_LABEL}
      onCancel={active ? onCancel : undefined}
      data-testid="job-progress"
      data-job-status={job.status}
    >
      <p role="status" className="sr-only">
        {jobLabel({ status: job.status, progress: null })}
      </p>
    </ProgressBar>
  );
}
