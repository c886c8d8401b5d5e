import { useMutation } from '@tanstack/react-query';
import type { InputKind, OutputKind } from '@toolkit/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Endpoint, JobStatus, ToolRequest, UploadProgress } from './api-client';
import { ASYNC_MIN_BYTES, jobIdInUrl, jobOutcome, setJobIdInUrl } from './jobs';
import { type FormValue, type ToolInput, type ToolInputOf, toolRequest } from './tool-request';
import { type ResultOf, readResult } from './tool-response';
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

/** Whether a call runs as a job: the panel says so, or the upload is large. */
export function runsAsJob(
  api: MutationTool['api'],
  input: ToolInput,
  runAsJob?: (input: ToolInput) => boolean,
) {
  return Boolean(runAsJob?.(input)) || toolRequest(api.input, input).uploadBytes >= ASYNC_MIN_BYTES;
}

/** What a call sends, where, and whether it runs as an asynchronous job. */
export interface PreparedCall {
  endpoint: Endpoint;
  request: ToolRequest;
  asJob: boolean;
}

export interface ApiMutationSpec<V, R> {
  prepare: (variables: V) => PreparedCall;
  /** Reads a successful answer: the synchronous one, or a job's result (the same answer). */
  read: (response: Response, output: OutputKind) => Promise<R>;
  onSuccess?: () => void;
}

/** A new call, or the job whose id the page's address carries (after a reload). */
type Run<V> = { variables: V } | { jobId: string; endpoint: Endpoint };

/**
 * The one mutation of the website, under every try-it panel and the pipeline builder: sends the
 * prepared call through the one API client, with upload progress for a large body and `cancel()`.
 * Retries (network errors, 5xx, 429 with Retry-After, at most twice) come from the query client's
 * mutation defaults; errors are left to the page, which shows them inline.
 *
 * A call prepared `asJob` runs as an asynchronous job: `job` shows its state, its id goes in the
 * page's address (?job=…) so that `resume(id, endpoint)` after a reload follows the same job, and
 * `cancel()` cancels it on the server too.
 */
export function useApiMutation<V, R>({ prepare, read, onSuccess }: ApiMutationSpec<V, R>) {
  const client = useApiClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const inner = useMutation<R, Error, Run<V>>({
    mutationFn: async (run) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const { signal } = current;
      const follow = (id: string, { path, output }: Endpoint) => {
        jobId.current = id;
        setJobIdInUrl(id);
        setProgress(null);
        setJob({ id, status: 'queued', progress: null });
        return jobOutcome(client, output, id, (response) => read(response, output), {
          signal,
          // The job of another page's operation (a pasted address) is refused, not shown here.
          operation: path.slice(1),
          onStatus: ({ status, progress }) => setJob({ id, status, progress }),
        });
      };
      try {
        if ('jobId' in run) return await follow(run.jobId, run.endpoint);
        jobId.current = null;
        setJobIdInUrl(null);
        const { endpoint, request, asJob } = prepare(run.variables);
        const call = { signal, onUploadProgress: setProgress };
        if (asJob) return await follow((await client.submitJob(endpoint, request, call)).id, endpoint);
        return await read(await client.send(endpoint, request, call), endpoint.output);
      } finally {
        setProgress(null);
        setJob(null);
      }
    },
    onSuccess,
  });

  const { mutate: innerMutate, reset: innerReset } = inner;
  const mutate = useCallback((variables: V) => innerMutate({ variables }), [innerMutate]);
  /** Follows the job of the address (call after hydration: never while pre-rendering). */
  const resume = useCallback(
    (id: string, endpoint: Endpoint) => innerMutate({ jobId: id, endpoint }),
    [innerMutate],
  );
  const reset = useCallback(() => {
    // A new input: the job of the old one is no longer what the page shows.
    if (jobId.current) setJobIdInUrl(null);
    jobId.current = null;
    innerReset();
  }, [innerReset]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    const id = jobId.current;
    if (!id) return;
    jobId.current = null;
    setJobIdInUrl(null);
    // The work stops on the server too; if that request fails the job ends alone, unread.
    client.cancelJob(id).catch(() => undefined);
  }, [client]);

  const variables = inner.variables && 'variables' in inner.variables ? inner.variables.variables : undefined;
  return { ...inner, variables, mutate, resume, reset, progress, job, cancel };
}

/**
 * The mutation of a try-it panel: the request body and the result handling follow the tool's
 * catalog entry (`api.input`, `api.output`); long calls (`runAsJob`, or an upload from
 * ASYNC_MIN_BYTES on) run as jobs, and a reloaded page follows the job its address names.
 *
 * @example
 * const mutation = useToolMutation(getTool('flip-image'), { successMessage: 'Image flipped.' });
 * mutation.mutate({ file, fields: { direction: 'vertical' } });
 */
export function useToolMutation<T extends MutationTool>(tool: T, options: ToolMutationOptions = {}) {
  const { successMessage, runAsJob } = options;
  const { api } = tool;
  const mutation = useApiMutation<ToolVariables<T>, ToolResult<T>>({
    prepare: (input) => ({
      endpoint: api,
      request: toolRequest(api.input, input),
      asJob: runsAsJob(api, input, runAsJob),
    }),
    read: async (response) => (await readResult(response, api.output)) as ToolResult<T>,
    onSuccess: successMessage ? () => toast.success(successMessage) : undefined,
  });

  // After hydration (never while pre-rendering): the job a reloaded page was following.
  const { resume } = mutation;
  useEffect(() => {
    const id = jobIdInUrl();
    if (id) resume(id, api);
  }, [resume, api]);

  return mutation;
}

/** True for the error of a request the user cancelled: nothing to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
