import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '~/lib/api-client';
import { apiKeyStore } from '~/lib/api-key';
import { forgetSession } from '~/lib/use-api-client';
import { failedStep, type PipelineRequest, runPipeline } from './run-pipeline';

/**
 * The builder's one mutation: runs the pipeline, with upload progress for a large file and Cancel.
 * Retries (network errors, 5xx, 429 with Retry-After) come from the query client's defaults, as
 * for every try-it panel.
 */
export function usePipelineRun() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async (request: PipelineRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      try {
        return await runPipeline(request, {
          signal: current.signal,
          apiKey: apiKeyStore.get(),
          onUploadProgress: setProgress,
          onUnauthorized: () => forgetSession(queryClient),
        });
      } finally {
        setProgress(null);
      }
    },
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  // The step the error names (its card is marked), when it names one.
  return { ...mutation, progress, cancel, failedStep: failedStep(mutation.error) };
}

export type PipelineRun = ReturnType<typeof usePipelineRun>;
