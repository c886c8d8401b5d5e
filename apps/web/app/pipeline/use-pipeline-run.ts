import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutputKind } from '@toolkit/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '~/lib/api-client';
import { apiKeyStore } from '~/lib/api-key';
import { jobOutcome, setJobIdInUrl } from '~/lib/jobs';
import { forgetSession, useApiClient } from '~/lib/use-api-client';
import type { JobView } from '~/lib/use-tool-mutation';
import {
  failedStep,
  type PipelineOutcome,
  type PipelineRequest,
  parseServerTiming,
  runPipeline,
  submitPipelineJob,
} from './run-pipeline';

/** The job's operation, as GET /jobs/{id} names it: a job id of another tool is not resumed here. */
const PIPELINE_OPERATION = 'pipeline';

export interface PipelineRunInput extends PipelineRequest {
  /** Run as an asynchronous job (chain.ts runsAsJob): polled, with the job's progress shown. */
  asJob: boolean;
}

/** A job a reloaded page was following (its id in the address): only its result is left to read. */
interface Resume {
  jobId: string;
  output: OutputKind;
}

/**
 * The builder's one mutation: runs the pipeline, with upload progress for a large file, a long one
 * as an asynchronous job, and Cancel. A job's id goes in the page's address (?job=…, as the try-it
 * panels do), so a reload follows the same job to its result. Retries (network errors, 5xx, 429 with
 * Retry-After) come from the query client's defaults, as for every try-it panel.
 */
export function usePipelineRun() {
  const queryClient = useQueryClient();
  const client = useApiClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<string | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (run: PipelineRunInput | Resume): Promise<PipelineOutcome> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const follow = async (id: string, output: OutputKind): Promise<PipelineOutcome> => {
        jobId.current = id;
        setJobIdInUrl(id);
        setProgress(null);
        setJob({ id, status: 'queued', progress: null });
        const result = await jobOutcome(client, output, id, {
          signal: current.signal,
          operation: PIPELINE_OPERATION,
          onStatus: ({ status, progress }) => setJob({ id, status, progress }),
        });
        // A file result keeps its headers, Server-Timing among them when the job store kept it.
        const timing = 'headers' in result ? result.headers.get('server-timing') : null;
        return { result, timings: parseServerTiming(timing) };
      };
      try {
        if ('jobId' in run) return await follow(run.jobId, run.output);
        const { asJob, ...request } = run;
        jobId.current = null;
        setJobIdInUrl(null);
        const options = {
          signal: current.signal,
          apiKey: apiKeyStore.get(),
          onUploadProgress: setProgress,
          onUnauthorized: () => forgetSession(queryClient),
        };
        if (!asJob) return await runPipeline(request, options);
        return await follow(await submitPipelineJob(request, options), request.output);
      } finally {
        setProgress(null);
        setJob(null);
      }
    },
  });

  const { mutate, reset: resetMutation } = mutation;
  /** Follows the job of the address, if there is one. */
  const resume = useCallback((id: string, output: OutputKind) => mutate({ jobId: id, output }), [mutate]);
  const reset = useCallback(() => {
    // A changed pipeline or input: the job of the old one is no longer what the page shows.
    if (jobId.current) setJobIdInUrl(null);
    jobId.current = null;
    resetMutation();
  }, [resetMutation]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    const id = jobId.current;
    if (!id) return;
    jobId.current = null;
    setJobIdInUrl(null);
    // The work stops on the server too; if that request fails the job ends alone, unread.
    client.cancelJob(id).catch(() => undefined);
  }, [client]);

  const request = mutation.variables && !('jobId' in mutation.variables) ? mutation.variables : undefined;
  // The step the error names (its card is marked), when it names one.
  return {
    ...mutation,
    variables: request,
    reset,
    resume,
    progress,
    job,
    cancel,
    failedStep: failedStep(mutation.error),
  };
}

export type PipelineRun = ReturnType<typeof usePipelineRun>;
