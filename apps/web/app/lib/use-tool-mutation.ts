import { useMutation } from '@tanstack/react-query';
import type { InputKind, OutputKind } from '@toolkit/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { UploadProgress } from './api-client';
import { ASYNC_MIN_BYTES, callAsJob, type JobStatus, jobIdInUrl, jobOutcome, setJobIdInUrl } from './jobs';
import { type FormValue, type ToolInput, type ToolInputOf, toolRequest } from './tool-request';
import type { ResultOf } from './tool-response';
import { useApiClient } from './use-api-client';

/** What the hook needs of a catalog entry. */
export interface MutationTool {
  api: {
    path: string;
    input: InputKind;
    output: OutputKind;
    request?: z.ZodObject;
    responseData?: z.ZodObject;
  };
}

/** The `data` of an analysis result, typed from the catalog's response schema when there is one. */
type DataOf<T extends MutationTool> = T['api'] extends { responseData: infer S extends z.ZodType }
  ? z.infer<S>
  : unknown;
/** A tool's own fields (from its request schema), each sent as text or JSON. */
type FieldsOf<T extends MutationTool> = T['api'] extends { request: infer S extends z.ZodObject }
  ? Partial<Record<keyof z.input<S>, FormValue>>
  : Readonly<Record<string, FormValue>>;

export type ToolResult<T extends MutationTool> = ResultOf<T['api']['output'], DataOf<T>>;
/** { file } / { files } / { text } | { file }, by the tool's input kind, plus its fields. */
export type ToolVariables<T extends MutationTool> = ToolInputOf<T['api']['input']> & { fields?: FieldsOf<T> };

export interface ToolMutationOptions {
  /** A toast on success (the specification's 'Image successfully resized.' and the like). */
  successMessage?: string;
  /**
   * Whether a call runs as an asynchronous job (a long-running tool says so); uploads from
   * ASYNC_MIN_BYTES on always do.
   */
  runAsJob?: (input: ToolInput) => boolean;
}

/** The job a panel is waiting for: what its progress bar shows. */
export type JobView = Pick<JobStatus, 'id' | 'status' | 'progress'>;

/** A new call, or the job whose id the page's address carries (after a reload). */
type Run<T extends MutationTool> = { input: ToolVariables<T> } | { jobId: string };

/** Whether a call runs as a job: the panel says so, or the upload is large. */
export function runsAsJob(
  api: MutationTool['api'],
  input: ToolInput,
  runAsJob?: (input: ToolInput) => boolean,
) {
  return Boolean(runAsJob?.(input)) || toolRequest(api.input, input).uploadBytes >= ASYNC_MIN_BYTES;
}

/**
 * The one mutation of every try-it panel: the request body and the result handling follow the tool's
 * catalog entry (`api.input`, `api.output`). Retries (network errors, 5xx, 429 with Retry-After, at
 * most twice) come from the query client's mutation defaults. Errors are left to the panel, which
 * shows them inline. While a large upload travels, `progress` says how far it got; `cancel()` stops it.
 *
 * Long calls (`runAsJob`, or a large upload) run as jobs: `job` then shows the job's state, its id
 * goes in the page's address (?job=…) so that a reload finds it again, and `cancel()` cancels it.
 *
 * @example
 * const mutation = useToolMutation(getTool('flip-image'), { successMessage: 'Image flipped.' });
 * mutation.mutate({ file, fields: { direction: 'vertical' } });
 */
export function useToolMutation<T extends MutationTool>(tool: T, options: ToolMutationOptions = {}) {
  const client = useApiClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<string | null>(null);
  const { successMessage, runAsJob } = options;

  useEffect(() => () => controller.current?.abort(), []);

  const inner = useMutation<ToolResult<T>, Error, Run<T>>({
    mutationFn: async (run) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const onStatus = ({ id, status, progress }: JobStatus) => setJob({ id, status, progress });
      const follow = (id: string) => {
        jobId.current = id;
        setJobIdInUrl(id);
        setJob({ id, status: 'queued', progress: null });
      };
      const operation = tool.api.path.slice(1);
      try {
        if ('jobId' in run) {
          follow(run.jobId);
          const result = await jobOutcome(client, tool.api.output, run.jobId, {
            signal: current.signal,
            onStatus,
            operation,
          });
          return result as ToolResult<T>;
        }
        jobId.current = null;
        setJobIdInUrl(null);
        const call = { signal: current.signal, onUploadProgress: setProgress };
        const result = runsAsJob(tool.api, run.input, runAsJob)
          ? await callAsJob(client, tool.api, run.input, {
              ...call,
              onStatus,
              onSubmitted: follow,
              operation,
            })
          : await client.call(tool.api, run.input, call);
        return result as ToolResult<T>;
      } finally {
        setProgress(null);
        setJob(null);
      }
    },
    onSuccess: () => {
      if (successMessage) toast.success(successMessage);
    },
  });

  const { mutate: innerMutate, reset: innerReset } = inner;
  const mutate = useCallback((input: ToolVariables<T>) => innerMutate({ input }), [innerMutate]);
  const reset = useCallback(() => {
    // A new input: the job of the old one is no longer what the page shows.
    if (jobId.current) setJobIdInUrl(null);
    jobId.current = null;
    innerReset();
  }, [innerReset]);

  // After hydration (never while pre-rendering): the job a reloaded page was following.
  useEffect(() => {
    const id = jobIdInUrl();
    if (id) innerMutate({ jobId: id });
  }, [innerMutate]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    const id = jobId.current;
    if (!id) return;
    jobId.current = null;
    setJobIdInUrl(null);
    // The work stops on the server too; if that request fails the job ends alone, unread.
    client.cancelJob(id).catch(() => undefined);
  }, [client]);

  const variables = inner.variables && 'input' in inner.variables ? inner.variables.input : undefined;
  return { ...inner, variables, mutate, reset, progress, job, cancel };
}

/** True for the error of a request the user cancelled: nothing to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
