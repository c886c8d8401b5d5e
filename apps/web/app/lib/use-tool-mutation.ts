import { useMutation } from '@tanstack/react-query';
import type { InputKind, OutputKind } from '@toolkit/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { UploadProgress } from './api-client';
import type { FormValue, ToolInputOf } from './tool-request';
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
}

/**
 * The one mutation of every try-it panel: the request body and the result handling follow the tool's
 * catalog entry (`api.input`, `api.output`). Retries (network errors, 5xx, 429 with Retry-After, at
 * most twice) come from the query client's mutation defaults. Errors are left to the panel, which
 * shows them inline. While a large upload travels, `progress` says how far it got; `cancel()` stops it.
 *
 * @example
 * const mutation = useToolMutation(getTool('flip-image'), { successMessage: 'Image flipped.' });
 * mutation.mutate({ file, fields: { direction: 'vertical' } });
 */
export function useToolMutation<T extends MutationTool>(tool: T, options: ToolMutationOptions = {}) {
  const client = useApiClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { successMessage } = options;

  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation<ToolResult<T>, Error, ToolVariables<T>>({
    mutationFn: async (variables) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      try {
        const result = await client.call(tool.api, variables, {
          signal: current.signal,
          onUploadProgress: setProgress,
        });
        return result as ToolResult<T>;
      } finally {
        setProgress(null);
      }
    },
    onSuccess: () => {
      if (successMessage) toast.success(successMessage);
    },
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { ...mutation, progress, cancel };
}

export type ToolMutation<T extends MutationTool> = ReturnType<typeof useToolMutation<T>>;

/** True for the error of a request the user cancelled: nothing to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
