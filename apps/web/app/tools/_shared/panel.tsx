import type { InputKind, OutputKind } from '@toolkit/catalog';
import { AlertCircleIcon, Loader2Icon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ApiError, apiBaseUrl, errorPosition, type ToolInput, type UploadProgress } from '~/lib/api-client';
import { isAbortError, type JobView } from '~/lib/use-tool-mutation';
import { cn } from '~/lib/utils';
import { ApiKeyField } from './api-key-field';
import { CopyRequest, PanelApiContext } from './copy-request';
import { errorMessage } from './format';
import { JobProgressBar } from './job-progress';
import { UploadProgressBar } from './upload-progress';

/**
 * The frame of a try-it panel: an h2 (the page's h1 is the tool title), a line saying what it calls,
 * the form card, then whatever follows (result, help). Panels start at h2, see docs-page-frame.
 */
export function ToolPanel({
  endpoint,
  children,
  aside,
}: {
  /** The API operation the panel calls (its catalog `api`: the form card's "Copy as" needs its input and output). */
  endpoint: { method: string; path: string; input?: InputKind; output?: OutputKind };
  children: ReactNode;
  /** Help and usage notes, beside the form on wide screens. */
  aside?: ReactNode;
}) {
  const headingId = useId();
  const { path, input, output } = endpoint;
  const api = useMemo(() => (input && output ? { path, input, output } : null), [path, input, output]);
  // data-ready appears once the panel has hydrated: browser tests wait for it before they click.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <section
      aria-labelledby={headingId}
      data-tool-panel=""
      data-ready={ready ? '' : undefined}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="font-semibold text-xl tracking-tight">
          Try it
        </h2>
        <p className="text-muted-foreground text-sm">
          Runs against the live API:{' '}
          <code className="whitespace-nowrap rounded bg-code px-1.5 py-0.5 font-mono text-foreground text-xs">
            {endpoint.method} {apiBaseUrl}
            {endpoint.path}
          </code>
        </p>
      </div>
      <div className={cn('grid gap-6', aside && 'lg:grid-cols-[minmax(0,1fr)_17rem]')}>
        <div className="flex min-w-0 flex-col gap-6">
          <PanelApiContext value={api}>{children}</PanelApiContext>
        </div>
        {aside && <aside className="flex flex-col gap-4 text-sm">{aside}</aside>}
      </div>
    </section>
  );
}

/** The state of a tool mutation the form shows: running, its upload progress, its error. */
export interface FormMutation {
  isPending: boolean;
  error: Error | null;
  progress?: UploadProgress | null;
  /** The asynchronous job the call runs as, once the server has accepted it. */
  job?: JobView | null;
  cancel?: () => void;
  /** The input of the last request made, for "Copy as"; its result once it came. */
  variables?: ToolInput;
  data?: unknown;
}

/**
 * The card that holds a tool's input and fields, then the submit button (with "Copy as" once a
 * request has been made), the upload progress bar
 * while a large upload travels (then the job's, for a call run as a job) and, after a failure, the
 * inline error under the form (with the line and column when the error names them;
 * `onErrorPosition` lets a text input jump there).
 */
export function FormCard({
  label,
  onSubmit,
  texts,
  mutation,
  onErrorPosition,
  children,
}: {
  /** Accessible name of the form. */
  label: string;
  onSubmit: () => void;
  /** The button's words, and what the alert says when an error has no message of its own. */
  texts: { submit: string; submitting: string; failure: string };
  mutation: FormMutation;
  onErrorPosition?: (line: number, column: number | undefined) => void;
  children: ReactNode;
}) {
  const error = mutation.error && !isAbortError(mutation.error) ? mutation.error : null;
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-6 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      {children}
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* Disabled, with a spinner, while the request runs. */}
        <Button
          type="submit"
          variant="brand"
          size="lg"
          disabled={mutation.isPending}
          className="w-full sm:w-auto"
        >
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {mutation.isPending ? texts.submitting : texts.submit}
        </Button>
        {mutation.variables && <CopyRequest input={mutation.variables} result={mutation.data} />}
      </div>
      {mutation.isPending && mutation.job && <JobProgressBar job={mutation.job} onCancel={mutation.cancel} />}
      {mutation.isPending && !mutation.job && mutation.progress && (
        <UploadProgressBar progress={mutation.progress} onCancel={mutation.cancel} />
      )}
      {error && <ErrorAlert message={errorMessage(error, texts.failure)} onPosition={onErrorPosition} />}
      {error instanceof ApiError && error.status === 401 && <ApiKeyField />}
    </form>
  );
}

/** A field's validation message, announced when it appears; `id` is what the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-destructive text-sm">
      {message}
    </p>
  );
}

/**
 * An inline red alert under the form, announced when it appears. When the message names a line and
 * column (a document that does not parse), they are shown apart, with a button to go there.
 */
export function ErrorAlert({
  message,
  title,
  onPosition,
}: {
  message: string;
  title?: string;
  onPosition?: (line: number, column: number | undefined) => void;
}) {
  const position = errorPosition(message);
  const where = position && `Line ${position.line}${position.column ? `, column ${position.column}` : ''}`;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircleIcon aria-hidden="true" />
      {title && <div className="col-start-2 font-medium">{title}</div>}
      <AlertDescription>
        <p>{message}</p>
        {position && where && (
          <p className="flex flex-wrap items-center gap-2">
            <span
              className="rounded bg-background/60 px-1.5 py-0.5 font-mono text-xs"
              data-testid="error-position"
            >
              {where}
            </span>
            {onPosition && (
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0 text-destructive"
                onClick={() => onPosition(position.line, position.column)}
              >
                Show in the text
              </Button>
            )}
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** A titled note in a panel's aside (limits, usage). */
export function HelpCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-muted/30 p-4">
      <h3 className="mb-2 font-semibold text-sm">{title}</h3>
      <div className="flex flex-col gap-2 text-muted-foreground leading-6">{children}</div>
    </div>
  );
}
