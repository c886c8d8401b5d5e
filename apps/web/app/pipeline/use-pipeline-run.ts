import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '~/lib/api-client';
import { apiKeyStore } from '~/lib/api-key';
import { jobOutcome } from '~/lib/jobs';
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

export interface PipelineRunInput extends PipelineRequest {
  /** Run as an asynchronous job (chain.ts runsAsJob): polled, with the job's progress shown. */
  asJob: boolean;
}

/**
 * The builder's one mutation: runs the pipeline, with upload progress for a large file, a long one
 * as an asynchronous job, and Cancel. Retries (network errors, 5xx, 429 with Retry-After) come from
 * the query client's defaults, as for every try-it panel.
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
    mutationFn: async ({ asJob, ...request }: PipelineRunInput): Promise<PipelineOutcome> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const options = {
        signal: current.signal,
        apiKey: apiKeyStore.get(),
        onUploadProgress: setProgress,
        onUnauthorized: () => forgetSession(queryClient),
      };
      try {
        if (!asJob) return await runPipeline(request, options);
        const id = await submitPipelineJob(request, options);
        jobId.current = id;
        setProgress(null);
        setJob({ id, status: 'queued', progress: null });
        const result = await jobOutcome(client, request.output, id, {
          signal: current.signal,
          onStatus: ({ status, progress }) => setJob({ id, status, progress }),
        });
        // A file result keeps its headers, Server-Timing among them when the job store kept it.
        const timing = 'headers' in result ? result.headers.get('server-timing') : null;
        return { result, timings: parseServerTiming(timing) };
      } finally {
        jobId.current = null;
        setProgress(null);
        setJob(null);
      }
    },
  });

  const cancel = useCallback(() => {
    controller.current?.abort();
    const id = jobId.current;
    // The work stops on the server too; if that request fails the job ends alone, unread.
    if (id) client.cancelJob(id).catch(() => undefined);
  }, [client]);

  // The step the error names (its card is marked), when it names one.
  return { ...mutation, progress, job, cancel, failedStep: failedStep(mutation.error) };
}

export type PipelineRun = ReturnType<typeof usePipelineRun>;
